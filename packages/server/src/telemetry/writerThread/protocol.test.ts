import { describe, expect, it } from 'vitest';
import type { PointRun } from '../pointRuns';
import { errorFields, packRuns, rebuiltError, unpackRuns } from './protocol';

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

describe('errors across the thread', () => {
  it('keep their message and PostgreSQL fields, and leave objects and the stack behind', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (sensor_id)=(…) already exists.',
      position: 12,
      where: { not: 'plain' },
    });
    const fields = errorFields(error);
    expect(fields).toEqual({
      message: 'duplicate key value violates unique constraint',
      code: '23505',
      detail: 'Key (sensor_id)=(…) already exists.',
      position: 12,
    });
    const rebuilt = rebuiltError(structuredClone(fields));
    expect(rebuilt).toBeInstanceOf(Error);
    expect(rebuilt.message).toBe(error.message);
    expect((rebuilt as Error & { code?: string }).code).toBe('23505');
    expect(errorFields('plain text')).toEqual({ message: 'plain text' });
  });
});
