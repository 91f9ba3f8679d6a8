/**
 * A real Ferrite server process on a shared PostgreSQL database, for tests of several nodes: its own
 * data directory, port and node id; the database and secret its cluster shares.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

export interface ServerNode {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Ends the process (SIGTERM drains; SIGKILL is a crash) and removes its data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerNodeOptions {
  name: string;
  databaseUrl: string;
  secret: string;
  /** Seeds the demo organization (one node of a fresh cluster). */
  seed?: boolean;
  env?: Record<string, string>;
}

/** Starts a node; resolves once it logged that it is ready. */
export async function startServerNode(options: ServerNodeOptions): Promise<ServerNode> {
  const dataDir = await mkdtemp(join(tmpdir(), `ferrite-${options.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      NODE_ID: options.name,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      COAP_PORT: '0',
      DEMO_PLANT: '0',
      SEED_DEMO: options.seed ? '1' : '0',
      SECRET: options.secret,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolveStart, reject) => {
    let output = '';
    let url: string | null = null;
    child.stdout?.on('data', (chunk: Buffer) => {
      // Read on after it is ready (a full pipe would stall the server), keeping only the latest lines.
      output = (output + chunk.toString()).slice(-20_000);
      url ??= /Server listening at (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? null;
      if (url && output.includes('Ferrite is ready')) resolveStart(url);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    child.once('exit', (code) =>
      reject(new Error(`${options.name} exited (${code}) before it was ready:\n${output.slice(-3000)}`)),
    );
  });
  return {
    name: options.name,
    url,
    stop: async (signal = 'SIGTERM') => {
      await stopProcess(child, signal);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill(signal);
  return exited;
}
