// Runs a command with TEST_DATABASE_URL set, after checking the PostgreSQL server answers.
import { spawnSync } from 'node:child_process';
import { isReachable, testDatabaseUrl } from './postgres.mjs';

const url = testDatabaseUrl();
if (!(await isReachable(url))) {
  console.error(
    `PostgreSQL is not reachable at ${url}. Start it (see README, "Running against PostgreSQL") or set TEST_DATABASE_URL.`,
  );
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
const result = spawnSync('npx', [command, ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
