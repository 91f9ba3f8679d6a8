/**
 * Messages between the main thread (client.ts) and the telemetry writer thread (worker.ts), and the
 * packing of a batch's runs for the crossing: every time and value of the batch in one block of memory,
 * moved rather than copied, so a batch of fifty thousand points crosses as a few arrays instead of a
 * structured clone of thousands of small ones.
 */
import type { ErrorFields } from '../../platform/threads/errors';
import type { PointRun, TakenTimes } from '../pointRuns';

/** A batch's runs: three strings per run (organization, sensor, parameter key), then their points. */
export interface PackedRuns {
  keys: string[];
  /** Points per run. */
  lengths: Uint32Array;
  /** All times, run after run, then all values in the same order. */
  block: Float64Array;
}

/** What the thread is started with: the database, and how many connections its writes may use. */
export interface WriterThreadInit {
  url: string;
  poolSize: number;
}

export type WriterRequest = { type: 'write'; id: number; runs: PackedRuns } | { type: 'close' };

export type WriterResponse =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorFields }
  | { type: 'written'; id: number; inserted: number; taken?: TakenTimes }
  | { type: 'error'; id: number; error: ErrorFields }
  | { type: 'closed' };

/** The runs in one block (the caller transfers `block.buffer`). */
export function packRuns(runs: readonly PointRun[]): PackedRuns {
  const keys: string[] = new Array(3 * runs.length);
  const lengths = new Uint32Array(runs.length);
  let points = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] as PointRun;
    keys[3 * i] = run.orgId;
    keys[3 * i + 1] = run.sensorId;
    keys[3 * i + 2] = run.paramKey;
    lengths[i] = run.ts.length;
    points += run.ts.length;
  }
  const block = new Float64Array(2 * points);
  let at = 0;
  for (const run of runs) {
    block.set(run.ts, at);
    block.set(run.values, points + at);
    at += run.ts.length;
  }
  return { keys, lengths, block };
}

/** The runs again, their times and values views into the block. */
export function unpackRuns({ keys, lengths, block }: PackedRuns): PointRun[] {
  const points = block.length / 2;
  const runs: PointRun[] = new Array(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    const count = lengths[i] as number;
    runs[i] = {
      orgId: keys[3 * i] as string,
      sensorId: keys[3 * i + 1] as string,
      paramKey: keys[3 * i + 2] as string,
      ts: block.subarray(at, at + count),
      values: block.subarray(points + at, points + at + count),
    };
    at += count;
  }
  return runs;
}
