/**
 * A real Ferrite server process, for tests of several nodes (or of one process's own life, such as its
 * drain): its own data directory, port and node id; the database and secret its cluster shares.
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
  /** The process: for a signal without waiting, or to follow its output as it comes. */
  child: ChildProcess;
  /** What it wrote (stdout and stderr), the latest `keepOutput` characters. */
  output(): string;
  /** Resolves with its exit code once it ended. */
  exited: Promise<number | null>;
  /** Ends the process (SIGTERM drains; SIGKILL is a crash) and removes its data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ServerNodeOptions {
  name: string;
  /** The cluster's PostgreSQL database; without it, a PGlite database of its own in its data directory. */
  databaseUrl?: string;
  /** Without it, the node uses the secret kept in its database (as a cluster's nodes without SECRET do). */
  secret?: string;
  /** Seeds the demo organization (one node of a fresh cluster). */
  seed?: boolean;
  /** How much of its output output() keeps (characters; 20,000 unless told). */
  keepOutput?: number;
  env?: Record<string, string>;
}

/** Starts a node; resolves once it logged that it is ready. */
export async function startServerNode(options: ServerNodeOptions): Promise<ServerNode> {
  const dataDir = await mkdtemp(join(tmpdir(), `ferrite-${options.name}-`));
  const keep = options.keepOutput ?? 20_000;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      DATA_DIR: dataDir,
      NODE_ID: options.name,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      COAP_PORT: '0',
      DEMO_PLANT: '0',
      SEED_DEMO: options.seed ? '1' : '0',
      ...(options.secret ? { SECRET: options.secret } : {}),
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Read on after it is ready (a full pipe would stall the server), keeping only the latest lines.
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keep);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((resolveStart, reject) => {
    let url: string | null = null;
    child.stdout?.on('data', () => {
      url ??= /Server listening at (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? null;
      if (url && output.includes('Ferrite is ready')) resolveStart(url);
    });
    void exited.then((code) =>
      reject(new Error(`${options.name} exited (${code}) before it was ready:\n${output.slice(-3000)}`)),
    );
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    name: options.name,
    url,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
