// Starts the real server for the journeys: the built web app, a fresh embedded database, the demo seeded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'ferrite-e2e-'));
const port = process.env.E2E_PORT ?? '8181';
const server = spawn('npx', ['tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    BRAND_PRIMARY_HOST: 'localhost',
    MQTT_PORT: '0',
    COAP_PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
