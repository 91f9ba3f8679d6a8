import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

/** A thread's nice value as the kernel reports it (field 19 of its stat line). */
function niceOf(threadId: string): number {
  const stat = readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[16]);
}

/** A thread that loads priority.ts (through tsx, as the server's threads do) and calls it. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { readlinkSync } = require('node:fs');
(async () => {
  const { register } = await import('tsx/esm/api');
  register();
  const { runInBackground } = await import(workerData.module);
  const lowered = runInBackground(workerData.nice);
  parentPort.postMessage({ lowered, threadId: readlinkSync('/proc/thread-self').split('/').pop() });
  // Alive until terminated, so its priority can be read.
  setInterval(() => {}, 1000);
})();
`;

describe('runInBackground', () => {
  it('lowers the thread that calls it, not the rest of the process', async () => {
    const normal = getPriority();
    const module = new URL('./priority.ts', import.meta.url).href;
    const worker = new Worker(THREAD, { eval: true, workerData: { module, nice: normal + 3 } });
    try {
      const answer = await new Promise<{ lowered: boolean; threadId: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(answer.lowered).toBe(true);
      expect(niceOf(answer.threadId)).toBe(normal + 3);
      const mainThread = readlinkSync('/proc/thread-self').split('/').pop() as string;
      expect(niceOf(mainThread)).toBe(normal);
    } finally {
      await worker.terminate();
    }
  });
});
