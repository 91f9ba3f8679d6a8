import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const web = {
  root: 'packages/web',
  environment: 'jsdom',
  // A view test renders, types and waits; two files at a time on two cores can take it past 5 s.
  testTimeout: 15_000,
  setupFiles: ['./vitest.setup.ts'],
  css: false,
} as const;

/**
 * A package's test files, split by whether they replace modules with vi.mock: those run isolated (a
 * fresh module graph per file), the rest share one per worker. A fresh graph costs seconds of a
 * 2-core machine per file (importing Fastify and the server, or jsdom and the web app), which made
 * most of the test run's time.
 */
function splitTests(pkg: string): { shared: string[]; isolated: string[] } {
  const root = join(import.meta.dirname, pkg);
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => relative(root, join(root, 'src', file)));
  const mocks = (file: string) => readFileSync(join(root, file), 'utf8').includes('vi.mock(');
  return { shared: files.filter((f) => !mocks(f)), isolated: files.filter(mocks) };
}
const webTests = splitTests('packages/web');
const serverTests = splitTests('packages/server');

/**
 * Server tests about PostgreSQL itself (several server processes on one database, which PGlite, one
 * process's database, cannot be, and code that only PostgreSQL runs): collected only in the PostgreSQL pass (`npm run test:pg`, and
 * `npm test`'s second pass), when TEST_DATABASE_URL is set.
 */
const POSTGRES_ONLY = [
  'src/app/twoNodes.test.ts',
  'src/app/alertsTwoNodes.test.ts',
  'src/app/streamLogicTwoNodes.test.ts',
  'src/app/startTogether.test.ts',
  'src/app/roundRobinSocket.test.ts',
  'src/app/revocation.test.ts',
  'src/app/sharedFiles.test.ts',
  'src/platform/cluster/postgresBus.test.ts',
  // The PostgreSQL blob store serves DATABASE_URL only (embedded files stay on disk); on PGlite its
  // 256 kB chunks cost half a minute of the pass for a store nobody runs there.
  'src/platform/storage/postgresBlobStore.test.ts',
  'src/modules/iotManager/ingest/shareAcrossProcesses.test.ts',
];

const server = {
  root: 'packages/server',
  exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : POSTGRES_ONLY)],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  globalSetup: ['./vitest.global-setup.ts'],
} as const;

// One project per package (two where some files need isolation); `npm run test:pg` reruns the
// server projects against PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1). Most test files wait more than
    // they compute (a platform starting, a broker, Chromium rendering a report, PostgreSQL), so two
    // files at a time use the machine instead of idling it; VITEST_MAX_WORKERS=1 runs them one by one.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      // Every file opens its own database and platform, so sharing the module graph is safe; state a
      // module keeps (caches, registries) must not leak between files: test it as a user sees it.
      { test: { name: 'server', ...server, include: serverTests.shared, isolate: false } },
      { test: { name: 'server-isolated', ...server, include: serverTests.isolated } },
      // A fresh jsdom and module graph per file costs ~4 s of a 2-core machine each; files that mock
      // modules need that, the rest share one environment per worker (five times faster in all).
      {
        test: {
          name: 'web',
          ...web,
          include: webTests.shared,
          isolate: false,
        },
      },
      { test: { name: 'web-isolated', ...web, include: webTests.isolated } },
      {
        test: {
          name: 'simulator',
          root: 'packages/simulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
