import { describe, expect, it } from 'vitest';
import type { PointRun } from '../pointRuns';
import { packRuns, unpackRuns } from './protocol';

/** A run as plain arrays, whatever it was built from. */
const plain = (run: PointRun) => ({ ...run, ts: Array.from(run.ts), values: Array.from(run.values) });

describe('packing a batch for the writer thread', () => {
  it('gives back every run with its own times and values, from plain and typed arrays alike', () => {
    const runs: PointRun[] = [
      { orgId: 'o1', sensorId: 's1', paramKey: 'temp', ts: [1000, 2000, 3000], values: [20.5, 21, -4] },
      {
        orgId: 'o1',
        sensorId: 's2',
        paramKey: 'rpm',
        ts: new Float64Array([1500]),
        values: new Float64Array([1200]),
      },
      { orgId: 'o2', sensorId: 's3', paramKey: 'empty', ts: [], values: [] },
      { orgId: 'o2', sensorId: 's3', paramKey: 'flow', ts: [5000, 6000], values: [0.25, Number.NaN] },
    ];
    const packed = packRuns(runs);
    expect(packed.block.length).toBe(12);
    // What crosses the thread: the structured clone of the packing, its block moved.
    const crossed = structuredClone(packed, { transfer: [packed.block.buffer as ArrayBuffer] });
    expect(packed.block.length).toBe(0);
    expect(unpackRuns(crossed).map(plain)).toEqual(runs.map(plain));
  });
});
