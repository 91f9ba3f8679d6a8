// `npm test`: every test there is. The web app is built first (the report tests render it in Chromium,
// the browser journeys run against it), then unit and integration tests on PGlite, the server suite
// again on PostgreSQL, then browser journeys in Chromium. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isReachable, testDatabaseUrl } from './postgres.mjs';

const reports = join('node_modules', '.cache', 'ferrite-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failedSteps = [];

/** Runs a step; a variable set to undefined in `env` is removed from the step's environment. */
const timings = [];

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const merged = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: merged });
  timings.push(`${name}: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  if (result.status !== 0) failedSteps.push(name);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  // A suite that fails to load counts once, so the summary never reads green over a broken file.
  totals.failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
}

run('Build the web app', 'npm', ['run', 'build']);
const built = !failedSteps.includes('Build the web app');
// One build for every test that needs one, instead of each report test building its own.
const webDist = built ? { FERRITE_WEB_DIST: join(process.cwd(), 'packages', 'web', 'dist') } : {};

const pgliteReport = join(reports, 'vitest-pglite.json');
run(
  'Unit and integration tests (PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
  // TEST_DATABASE_URL (exported by CI for the next step) would put this pass on PostgreSQL as well.
  { ...webDist, TEST_DATABASE_URL: undefined },
);
countVitest(pgliteReport);

const url = testDatabaseUrl();
const pgReport = join(reports, 'vitest-postgres.json');
if (await isReachable(url)) {
  run(
    'Server tests on PostgreSQL',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      '--project',
      'server-isolated',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgReport}`,
    ],
    { TEST_DATABASE_URL: url, ...webDist },
  );
  countVitest(pgReport);
  // The deployment of deploy/compose.yaml from processes on this machine (needs Mosquitto, Redis and
  // HAProxy installed; .ci/run installs them).
  const clusterReport = join(reports, 'vitest-cluster.json');
  run(
    'Cluster test (three nodes, HAProxy, Mosquitto, Redis, PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'cluster/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${clusterReport}`,
    ],
    { TEST_DATABASE_URL: url, ...webDist },
  );
  countVitest(clusterReport);
} else {
  console.error(
    `\n✗ PostgreSQL is not reachable at ${url}: start it or set TEST_DATABASE_URL (README, "Running against PostgreSQL").`,
  );
  failedSteps.push('Server tests on PostgreSQL (server unreachable)');
}

const e2eReport = join(process.cwd(), reports, 'playwright.json');
if (built) {
  run('Browser journeys (Playwright, Chromium)', 'npm', ['test', '-w', '@ferrite/e2e'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  countPlaywright(e2eReport);
}

console.log(`\n${timings.join('\n')}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
