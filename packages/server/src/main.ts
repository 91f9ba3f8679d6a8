/** Composition root: configuration → platform; drains on SIGINT/SIGTERM within DRAIN_TIMEOUT_MS. */

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
  // Listened for before the platform starts: a stop asked for while it starts (an orchestrator scaling
  // in at once) waits for the start to finish and then drains, instead of killing the node mid-start.
  let asked: string | null = null;
  let onSignal = (signal: string) => {
    asked ??= signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const platform = await startPlatform(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    const log = platform.app.log;
    // A second signal (npm forwards the terminal's Ctrl-C, so one press may be two) changes nothing:
    // the deadline below bounds the wait.
    if (stopping) return;
    stopping = true;
    log.info({ signal, drainTimeoutMs: config.drainTimeoutMs }, 'shutting down; finishing in-flight work');
    // Bounded: whatever has not finished by then (a stuck request, a job that will not end) is abandoned.
    setTimeout(() => {
      log.error(
        { drainTimeoutMs: config.drainTimeoutMs },
        `drain did not finish within ${config.drainTimeoutMs} ms (DRAIN_TIMEOUT_MS); exiting anyway`,
      );
      process.exit(1);
    }, config.drainTimeoutMs).unref();
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        platform.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  onSignal = shutdown;
  if (asked) shutdown(asked);
}

main().catch((error: unknown) => {
  console.error('Ferrite failed to start:', error);
  process.exit(1);
});
