/**
 * The main-thread end of the telemetry writer thread (PostgreSQL): hands each batch to the thread and
 * settles when the thread has made it durable. If the thread cannot start or dies, the batches it held
 * are written here instead (writing a batch again stores only what is missing and counts nothing twice)
 * and so is every later one: a thread that failed once is not trusted again.
 */
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { rebuiltError } from '../../platform/threads/errors';
import { startTypeScriptThread } from '../../platform/threads/typescriptThread';
import type { PointRun, WriteOutcome } from '../pointRuns';
import type { TelemetryWriter } from '../writer';
import { packRuns, type WriterRequest, type WriterResponse, type WriterThreadInit } from './protocol';

/** The writer's three transactions side by side and the partition check before them. */
const THREAD_POOL_SIZE = 4;
/** How long close() waits for the thread to end its connections before it ends the thread. */
const CLOSE_WAIT_MS = 5_000;

type Writer = Pick<TelemetryWriter, 'writeRuns'>;

interface Waiting {
  runs: readonly PointRun[];
  resolve(result: WriteOutcome): void;
  reject(error: unknown): void;
}

export class TelemetryWriterThread implements Writer {
  private starting: Promise<Worker | null> | null = null;
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** The thread failed (or close() ran): everything is written on the main thread. */
  private here = false;

  constructor(
    private readonly url: string,
    /** The main thread's writer, for when the thread is not there. */
    private readonly fallback: Writer,
    private readonly log?: Logger,
  ) {}

  async writeRuns(runs: readonly PointRun[]): Promise<WriteOutcome> {
    const worker = this.here ? null : await this.started();
    if (!worker) return this.fallback.writeRuns(runs);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.waiting.set(id, { runs, resolve, reject });
      const packed = packRuns(runs);
      const request: WriterRequest = { type: 'write', id, runs: packed };
      worker.postMessage(request, [packed.block.buffer as ArrayBuffer]);
    });
  }

  /**
   * Starts the thread before the first batch needs it (loading it takes a few hundred milliseconds,
   * seconds on a busy machine, while messages would pile up); resolves once it is ready or failed.
   */
  async warmUp(): Promise<void> {
    if (!this.here) await this.started();
  }

  /** Ends the thread once its writes are through (callers drain their batches first). */
  async close(): Promise<void> {
    this.here = true;
    const worker = await this.starting;
    this.worker = null;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_WAIT_MS);
      worker.on('message', (message: WriterResponse) => {
        if (message.type !== 'closed') return;
        clearTimeout(timer);
        resolve();
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const request: WriterRequest = { type: 'close' };
    worker.postMessage(request);
    await ended;
    await worker.terminate();
  }

  private started(): Promise<Worker | null> {
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<Worker | null> {
    const init: WriterThreadInit = { url: this.url, poolSize: THREAD_POOL_SIZE };
    const worker = startTypeScriptThread(new URL('./worker.ts', import.meta.url), init);
    // Not a reason to keep the process alive: close() ends it once the batches are written.
    worker.unref();
    const ready = await new Promise<boolean>((resolve) => {
      const onMessage = (message: WriterResponse) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        if (message.type === 'failed') this.failed(worker, rebuiltError(message.error));
        resolve(message.type === 'ready');
      };
      worker.on('message', onMessage);
      worker.once('error', (error) => {
        this.failed(worker, error);
        resolve(false);
      });
      worker.once('exit', (code) => {
        this.failed(worker, new Error(`telemetry writer thread exited (code ${code})`));
        resolve(false);
      });
    });
    if (!ready) return null;
    worker.on('message', (message: WriterResponse) => this.settle(message));
    this.worker = worker;
    return worker;
  }

  private settle(message: WriterResponse): void {
    if (message.type !== 'written' && message.type !== 'error') return;
    const waiting = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (!waiting) return;
    if (message.type === 'written') {
      waiting.resolve(
        message.taken ? { inserted: message.inserted, taken: message.taken } : { inserted: message.inserted },
      );
    } else waiting.reject(rebuiltError(message.error));
  }

  /** The thread is gone: what it held is written here, and so is everything after. */
  private failed(worker: Worker, error: Error): void {
    if (this.here && this.worker !== worker) return;
    this.here = true;
    this.worker = null;
    this.log?.warn({ err: error }, 'Telemetry writer thread failed; writing on the main thread');
    void worker.terminate();
    for (const [id, { runs, resolve, reject }] of this.waiting) {
      this.waiting.delete(id);
      this.fallback.writeRuns(runs).then(resolve, reject);
    }
  }
}
