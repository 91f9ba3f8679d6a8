/**
 * The telemetry writer thread (PostgreSQL): its own connection pool and TelemetryWriter. Grouping,
 * aggregating, encoding and the COPY socket writes of a busy ingest take about half the main thread's
 * time, and their long synchronous stretches (and the garbage they leave) held up API requests; here
 * they run beside the event loop instead of on it.
 */
import { parentPort } from 'node:worker_threads';
import { openDatabase } from '../../platform/db/database';
import { errorFields } from '../../platform/threads/errors';
import { runInBackground } from '../../platform/threads/priority';
import { threadData } from '../../platform/threads/typescriptThread';
import { TelemetryWriter } from '../writer';
import { unpackRuns, type WriterRequest, type WriterResponse, type WriterThreadInit } from './protocol';

/**
 * The thread's nice value. Measured with bench:ingest on two cores (API p99 while ingesting): on the
 * main thread 51–77 ms; in this thread at nice 0 39–67 ms, at 5 38–59 ms, at 10 31–44 ms. The
 * throughput, as a share of raw COPY, moved with the machine's speed (0.55–0.79) and not with it.
 */
const NICE = 10;

runInBackground(NICE);
const port = parentPort;
if (!port) throw new Error('writerThread/worker.ts runs only as a worker thread');
const answer = (response: WriterResponse) => port.postMessage(response);
const { url, poolSize } = threadData<WriterThreadInit>();

try {
  const database = await openDatabase({ kind: 'postgres', url, poolSize });
  const writer = new TelemetryWriter(database.db);
  port.on('message', async (request: WriterRequest) => {
    if (request.type === 'close') {
      await database.close().catch(() => undefined);
      answer({ type: 'closed' });
      return;
    }
    try {
      const { inserted, taken } = await writer.writeRuns(unpackRuns(request.runs));
      // Times left out cross only when there are any (a structured clone of two Maps).
      answer(
        taken
          ? { type: 'written', id: request.id, inserted, taken }
          : { type: 'written', id: request.id, inserted },
      );
    } catch (error) {
      answer({ type: 'error', id: request.id, error: errorFields(error) });
    }
  });
  answer({ type: 'ready' });
} catch (error) {
  answer({ type: 'failed', error: errorFields(error) });
}
