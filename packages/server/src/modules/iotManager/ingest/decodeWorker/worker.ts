/** The decode worker: decodes and maps the messages it is sent, one after another. */
import { parentPort } from 'node:worker_threads';
import { pointCount } from '../../../../telemetry/pointRuns';
import { decodeMessage } from '../decodeMessage';
import type { DecodeAnswer, DecodeJob } from './protocol';

const port = parentPort;
if (!port) throw new Error('decodeWorker/worker.ts runs only as a worker thread');
port.on('message', (job: DecodeJob) => {
  const decoded = decodeMessage(job.spec, job.body);
  // Times and values go back as views into one typed array, moved rather than copied: as plain arrays
  // they would arrive as a boxed number per point for the main thread's garbage collector to trace.
  const runs = decoded.mapped?.runs ?? [];
  const block = new Float64Array(2 * pointCount(runs));
  let at = 0;
  for (const run of runs) {
    const count = run.ts.length;
    const ts = block.subarray(at, at + count);
    const values = block.subarray(at + count, at + 2 * count);
    ts.set(run.ts);
    values.set(run.values);
    run.ts = ts;
    run.values = values;
    at += 2 * count;
  }
  const answer: DecodeAnswer = { id: job.id, decoded };
  port.postMessage(answer, [block.buffer]);
});
