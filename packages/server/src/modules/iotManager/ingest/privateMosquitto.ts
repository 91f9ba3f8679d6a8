/**
 * Test support: a private Mosquitto with the dynamic-security plugin on a free loopback port and a
 * temporary configuration, so tests never touch the machine's own broker on 1883.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface PrivateMosquitto {
  host: string;
  port: number;
  /** The dynamic-security admin made by `mosquitto_ctrl dynsec init`. */
  admin: { username: string; password: string };
  stop(): Promise<void>;
}

/**
 * Starts the broker; resolves once it accepts connections. `anonymous`: anyone may connect and do
 * anything (for tests about the broker's sessions, not its accounts).
 */
export async function startPrivateMosquitto(
  options: { anonymous?: boolean } = {},
): Promise<PrivateMosquitto> {
  const dir = await mkdtemp(join(tmpdir(), 'ferrite-mosquitto-'));
  const port = await freePort();
  const admin = { username: 'dynsec-admin', password: randomBytes(12).toString('hex') };
  const dynsecFile = join(dir, 'dynamic-security.json');
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', dynsecFile, admin.username, admin.password]);
  const configFile = join(dir, 'mosquitto.conf');
  await writeFile(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      ...(options.anonymous
        ? ['allow_anonymous true']
        : ['allow_anonymous false', `plugin ${DYNSEC_PLUGIN}`, `plugin_opt_config_file ${dynsecFile}`]),
      'persistence false',
      // Started as root, Mosquitto would drop to its own user and could not save the plugin's file here.
      `user ${userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    admin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`mosquitto did not listen on ${port} within 10 s: ${output()}`);
}
