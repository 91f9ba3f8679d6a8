/**
 * Test support: a built web app for the report tests, whose Chromium opens the real shared view.
 * FERRITE_WEB_DIST names a build to use as it is; otherwise the app is built once for the test file
 * into a private directory (~20 s), so a stale or half-rebuilt `packages/web/dist` never decides a test.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const WEB_ROOT = resolve(fileURLToPath(import.meta.url), '../../../../../../web');

/** A web build's directory and how to remove it when this helper made it. */
export async function webBuildForTests(): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const given = process.env.FERRITE_WEB_DIST;
  if (given && existsSync(join(given, 'index.html'))) return { dist: given, cleanup: async () => {} };
  const outDir = await mkdtemp(join(tmpdir(), 'ferrite-report-web-'));
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'],
    { cwd: WEB_ROOT, timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
  );
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`The web build left no index.html in ${outDir}`);
  return { dist: outDir, cleanup: () => rm(outDir, { recursive: true, force: true }) };
}
