/** Starts a worker thread that runs a TypeScript module (through boot.mjs, which registers tsx there). */
import { Worker, workerData } from 'node:worker_threads';

/** A thread running `module` (a file URL); the module reads `data` with threadData(). */
export function startTypeScriptThread(module: URL, data?: unknown): Worker {
  return new Worker(new URL('./boot.mjs', import.meta.url), {
    workerData: { module: module.href, data },
    // The loader is registered by boot.mjs, not inherited from the parent's flags.
    execArgv: [],
  });
}

/** Inside such a thread: the data it was started with. */
export function threadData<T>(): T {
  return (workerData as { data: T }).data;
}
