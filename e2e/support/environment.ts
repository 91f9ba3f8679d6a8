/** Where the journeys run: Debian's Chromium, flags that keep it off the closed network, the test port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The second brand is served to every host but the primary one. */
export const SECONDARY_BRAND_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DEMO_ADMIN = { email: 'admin@ferrite.dev', password: 'Ferrite@2026' } as const;
export const DEMO_ORG_NAME = 'Demo Plant';
/** The fake Twilio-compatible provider beside the server (support/fakeMessagingProvider.mjs). */
export const E2E_MESSAGING_URL = `http://127.0.0.1:${Number(process.env.E2E_MESSAGING_PORT ?? E2E_PORT + 1)}`;
