/**
 * One Ferrite node as a real server process (`packages/server/src/main.ts`), on a port fixed for the
 * run so the balancer finds it again after a restart. Its own data directory and node id; the
 * database, broker, Redis and secret are the cluster's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './services';

export interface NodeEnvironment {
  [name: string]: string;
}

/** How a node's process ended: by itself, after SIGTERM (with how long draining took), or killed. */
export interface NodeExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
}

export class FerriteNode {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeEnvironment,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the process printed (JSON log lines), for a failing test's message. */
  get lastOutput(): string {
    return this.output;
  }

  /** Starts the process; resolves once it says it is ready and its readiness check answers 200. */
  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', NODE_ID: this.name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    // Read on after it is ready (a full pipe would stall the server), keeping only the latest lines.
    // CLUSTER_LOG_DIR keeps every node's whole log (a file per node, appended across restarts).
    const logFile = process.env.CLUSTER_LOG_DIR
      ? join(process.env.CLUSTER_LOG_DIR, `${this.name}.log`)
      : null;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-30_000);
      if (logFile) appendFileSync(logFile, chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`${this.name} exited (${code}) before it was ready:\n${this.output.slice(-4000)}`));
      child.once('exit', onExit);
      const timer = setInterval(() => {
        if (!this.output.includes('Ferrite is ready')) return;
        clearInterval(timer);
        child.off('exit', onExit);
        resolve();
      }, 50);
      child.once('exit', () => clearInterval(timer));
    });
    await this.waitReady();
  }

  /** Polls the readiness check (the balancer's view of the node) until it answers 200. */
  async waitReady(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await fetch(`${this.url}/api/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline)
        throw new Error(`${this.name}: /api/ready answered ${status} for ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends SIGTERM (a scale-in or a rolling restart) and waits for the exit, SIGKILL past the deadline. */
  async stop(deadlineMs = 60_000): Promise<NodeExit> {
    return this.end('SIGTERM', deadlineMs);
  }

  /** SIGKILL: a crash, nothing handed over. */
  async kill(): Promise<NodeExit> {
    return this.end('SIGKILL', 10_000);
  }

  private async end(signal: NodeJS.Signals, deadlineMs: number): Promise<NodeExit> {
    const child = this.child;
    const started = Date.now();
    if (!child || !this.running) return { code: child?.exitCode ?? null, signal: null, ms: 0 };
    const exited = new Promise<NodeExit>((done) =>
      child.once('exit', (code, by) => done({ code, signal: by, ms: Date.now() - started })),
    );
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
    const exit = await exited;
    clearTimeout(timer);
    return exit;
  }
}
