// Starts the real server for the journeys: the built web app, a fresh embedded database, the demo seeded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeMessagingProvider } from './fakeMessagingProvider.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'ferrite-e2e-'));
const port = process.env.E2E_PORT ?? '8181';
// Alert SMS and WhatsApp go to a fake provider beside the server (the alerts journey reads it).
const messagingPort = process.env.E2E_MESSAGING_PORT ?? String(Number(port) + 1);
const closeMessaging = startFakeMessagingProvider(Number(messagingPort));
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
    SMS_API_URL: `http://127.0.0.1:${messagingPort}`,
    SMS_ACCOUNT_SID: 'ACe2e',
    SMS_AUTH_TOKEN: 'e2e-token',
    SMS_FROM: '+15005550006',
    WHATSAPP_FROM: '+15005550007',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  closeMessaging();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
