/**
 * Background threads (the telemetry writer, the decode worker) yield the CPU to the event loop. On a
 * busy machine every runnable thread gets its share of the cores, and an API request waits whenever the
 * main thread is not the one running; a higher nice value makes the kernel run the main thread first
 * and a background thread in the time left over. Linux keeps a nice value per thread, and a thread
 * finds its own id in /proc/thread-self; elsewhere the threads keep the process's priority.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowers the calling thread's priority to `nice` (0 normal, 19 lowest); answers whether it could. */
export function runInBackground(nice: number): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId)) return false;
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
