/** Composition root: configuration → platform; stops gracefully on SIGINT/SIGTERM. */

import { startPlatform } from './app/runtime';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const platform = await startPlatform(config);
  const shutdown = (signal: string) => {
    platform.app.log.info({ signal }, 'shutting down; finishing in-flight work');
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        platform.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Ferrite failed to start:', error);
  process.exit(1);
});
