import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeHub } from '../../platform/realtime/realtimeHub';
import { type PointRun, runsOfPoints } from '../../telemetry/pointRuns';
import { LiveValues } from './liveValues';

const ORG = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a30';
const SENSOR = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a31';

const point = (value: number, ms: number): PointRun[] =>
  runsOfPoints([
    { orgId: ORG, sensorId: SENSOR, paramKey: 'power', ts: new Date(Date.UTC(2026, 4, 1) + ms), value },
  ]);

describe('live values', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function hub() {
    const emit = vi.fn();
    return { realtime: { emit } as unknown as RealtimeHub, emit };
  }

  const values = (emit: ReturnType<typeof vi.fn>) =>
    emit.mock.calls.map(([, , event]) =>
      (event as { values: { value: number }[] }).values.map((v) => v.value),
    );

  it('announces the newest value of a parameter at most once a second by default', async () => {
    const { realtime, emit } = hub();
    const live = new LiveValues(realtime);
    live.onBatch(point(1, 0));
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 2; i <= 10; i++) {
      await vi.advanceTimersByTimeAsync(100);
      live.onBatch(point(i, i * 100));
    }
    await vi.advanceTimersByTimeAsync(1000);
    // The first at once, then the newest of the other nine when the second is up.
    expect(values(emit)).toEqual([[1], [10]]);
  });

  it('follows a faster device when the interval is shorter', async () => {
    const { realtime, emit } = hub();
    const live = new LiveValues(realtime, 50);
    for (let i = 1; i <= 10; i++) {
      live.onBatch(point(i, i * 100));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(values(emit)).toEqual([[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]]);
  });
});

describe('live values on a cluster whose Redis is away', () => {
  it('announces each node’s own values as without Redis, and warns', async () => {
    const emit = vi.fn();
    const warn = vi.fn();
    const unreachable = { offer: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) };
    const live = new LiveValues({ emit } as unknown as RealtimeHub, 1_000, unreachable, warn);
    live.onBatch(point(7, 0));
    await live.flush();
    expect(
      emit.mock.calls.map(([, , event]) => (event as { values: { value: number }[] }).values[0]?.value),
    ).toEqual([7]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
