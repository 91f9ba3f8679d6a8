/** The main-thread end of the PGlite worker: starts it, sends requests, matches replies, stops it. */
import { Worker } from 'node:worker_threads';
import { rebuiltError } from '../../threads/errors';
import type { WorkerError, WorkerInit, WorkerQueryResult, WorkerRequest, WorkerResponse } from './protocol';

/** Distributes Omit over a union, so each request keeps its own fields. */
type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  params?: readonly unknown[];
}

/** Rebuilds an error from the worker with its PostgreSQL fields and the statement's parameters. */
function rebuildError(fields: WorkerError, params?: readonly unknown[]): Error {
  const error = rebuiltError(fields);
  if (params) Object.assign(error, { params });
  return error;
}

/** A standalone ArrayBuffer can be moved instead of copied; a view into a shared pool cannot. */
function movable(bytes: Uint8Array): ArrayBuffer | undefined {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? buffer
    : undefined;
}

export class PGliteWorkerClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerResponse) => this.settle(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  /** Starts a worker and waits until its database is open. */
  static async start(init: WorkerInit): Promise<PGliteWorkerClient> {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: init,
      transferList: init.loadDataDir ? [init.loadDataDir] : [],
      // Plain JavaScript: no TypeScript loader (tsx, vitest) needs to follow it into the thread.
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerResponse) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(rebuildError(message.error));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
    }).catch(async (error) => {
      await worker.terminate();
      throw error;
    });
    const client = new PGliteWorkerClient(worker);
    worker.unref();
    return client;
  }

  /** True once closed or once the worker died. */
  get closed(): boolean {
    return this.stopped !== undefined;
  }

  /** Runs one statement; `blob` feeds `COPY … FROM '/dev/blob'`. */
  query(sql: string, params: readonly unknown[], blob?: Uint8Array): Promise<WorkerQueryResult> {
    const buffer = blob && movable(blob);
    return this.request({ op: 'query', sql, params, blob }, buffer ? [buffer] : [], params);
  }

  /** Runs a script of several statements without parameters; answers with the last one's result. */
  exec(sql: string): Promise<WorkerQueryResult> {
    return this.request({ op: 'exec', sql });
  }

  /** The data directory as an uncompressed tarball. */
  async dump(): Promise<Blob> {
    return new Blob([await this.request<ArrayBuffer>({ op: 'dump' })]);
  }

  /** Closes the database (after every request sent before) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.request({ op: 'close' });
    this.stopped = new Error('PGlite worker is closed');
    await this.worker.terminate();
  }

  private request<T>(
    body: Body<WorkerRequest>,
    transfer: ArrayBuffer[] = [],
    params?: readonly unknown[],
  ): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, params });
      // Only a thread with work in flight keeps the process alive, as PGlite on the main thread did.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...body, id }, transfer);
    });
  }

  private settle(message: WorkerResponse): void {
    if (message.type !== 'result' && message.type !== 'error') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.type === 'result') pending.resolve(message.result);
    else pending.reject(rebuildError(message.error, pending.params));
  }

  private fail(error: Error): void {
    this.stopped ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
