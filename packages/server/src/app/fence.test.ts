/**
 * The fence in biome.json (run by `npm run lint`): a module reaches another only through its index.ts,
 * platform/ imports no module and not the app, a web app imports no other app. Each case writes a
 * deliberate violation (and its allowed twin) at the path it would have in the repository, in a copy of
 * the repository's lint configuration, and runs the repository's Biome on it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BIOME = join(REPO, 'node_modules/.bin/biome');

let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'ferrite-fence-'));
  const config = JSON.parse(await readFile(join(REPO, 'biome.json'), 'utf8')) as Record<string, unknown>;
  // The schema path is relative to the repository; the copy lints only the probe files.
  delete config.$schema;
  await writeFile(join(home, 'biome.json'), JSON.stringify(config));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Lints one file written at `path` (as in the repository); answers the fence's messages. */
async function fenceMessages(path: string, imports: string[]): Promise<string[]> {
  const file = join(home, path);
  await mkdir(dirname(file), { recursive: true });
  const names = imports.map((_, index) => `n${index}`);
  await writeFile(
    file,
    `${imports.map((from, index) => `import { n as ${names[index]} } from '${from}';`).join('\n')}\nexport const all = [${names.join(', ')}];\n`,
  );
  const output = await new Promise<string>((done) => {
    execFile(BIOME, ['lint', '--max-diagnostics=100', path], { cwd: home }, (_error, stdout, stderr) =>
      done(`${stdout}\n${stderr}`),
    );
  });
  await rm(file);
  return output
    .split('\n')
    .filter(
      (line) => line.includes('noRestrictedImports') || /^\s+× (A module|An app|Outside|platform)/.test(line),
    )
    .filter((line) => line.includes('×'))
    .map((line) => line.replace(/^\s+× /, ''));
}

describe('the import fence', () => {
  it("refuses a module reaching into another module's files, and lets it through the front door", async () => {
    const refused = await fenceMessages('packages/server/src/modules/alerts/rules/evaluate.ts', [
      '../../entityManager/types/repository',
    ]);
    expect(refused).toEqual([
      'A module imports another module only through its index.ts (its front door): export what you need there.',
    ]);
    expect(
      await fenceMessages('packages/server/src/modules/alerts/rules/evaluate.ts', [
        '../../entityManager',
        '../shared',
        '../../../platform/db/database',
        '../../../telemetry/query',
      ]),
    ).toEqual([]);
    // At every depth of a module's folders.
    expect(
      await fenceMessages('packages/server/src/modules/alerts/index.ts', ['../iotManager/commands/dispatch']),
    ).toHaveLength(1);
  });

  it('refuses platform/ importing a module or the composition root', async () => {
    const refused = await fenceMessages('packages/server/src/platform/http/example.ts', [
      '../../modules/dashboards',
      '../../app/modules',
    ]);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatch(/^platform\/ is the ground floor/);
    expect(
      await fenceMessages('packages/server/src/platform/http/example.ts', ['../db/database', '../../config']),
    ).toEqual([]);
  });

  it('refuses a web app importing another app, even through its index', async () => {
    const refused = await fenceMessages('packages/web/src/apps/alerts/inbox/Inbox.tsx', [
      '../../dashboards',
      '../../iotManager/api/gatewaysApi',
    ]);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatch(/^An app imports no other app/);
    expect(
      await fenceMessages('packages/web/src/apps/alerts/inbox/Inbox.tsx', [
        '../hooks',
        '../../../ui/ListPage',
      ]),
    ).toEqual([]);
    expect(await fenceMessages('packages/web/src/apps/alerts/index.ts', ['../manifest'])).toEqual([]);
  });

  it("refuses code outside apps/ reaching into an app's files", async () => {
    expect(
      await fenceMessages('packages/web/src/shared-views/example/View.tsx', [
        '../../apps/dashboards/canvas/PanelCanvas',
      ]),
    ).toHaveLength(1);
    expect(
      await fenceMessages('packages/web/src/shared-views/example/View.tsx', ['../../apps/dashboards']),
    ).toEqual([]);
  });

  it("lets tests use another module's test support", async () => {
    expect(
      await fenceMessages('packages/server/src/modules/alerts/rules/evaluate.test.ts', [
        '../../entityManager/testSupport',
      ]),
    ).toEqual([]);
  });
});
