/**
 * Test support: runs the real third-party device clients (Debian's mosquitto-clients and
 * libcoap3-bin), so tests see what a device built on them sees, not what our own client agrees to.
 */
import { execFile, spawnSync } from 'node:child_process';

/** Where each client comes from, for the message when it is missing. */
const DEBIAN_PACKAGE: Record<string, string> = {
  mosquitto_pub: 'mosquitto-clients',
  mosquitto_sub: 'mosquitto-clients',
  'coap-client-notls': 'libcoap3-bin',
};

export interface ClientRun {
  /** The process's exit code (null when it was killed at the time limit). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Throws a clear error naming the Debian package when the client is not installed. */
export function requireClient(binary: string): void {
  const probe = spawnSync(binary, ['--help'], { stdio: 'ignore' });
  if ((probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(`${binary} is not installed (Debian package ${DEBIAN_PACKAGE[binary] ?? binary})`);
  }
}

/** Runs a client to its end (or kills it after timeoutMs); never rejects on a non-zero exit. */
export function runClient(binary: string, args: string[], timeoutMs = 20_000): Promise<ClientRun> {
  requireClient(binary);
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
