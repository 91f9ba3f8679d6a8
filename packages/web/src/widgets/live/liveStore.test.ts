import { describe, expect, it, vi } from 'vitest';
import { LIVE_BUFFER, LIVE_WAKE_MS, LiveStore } from './liveStore';

const S1 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a31';
const ts = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, s)).toISOString();

describe('the live store of a dashboard', () => {
  it('keys values by sensor and parameter, oldest first, and wakes only the readers of a changed key', () => {
    const store = new LiveStore();
    let power = 0;
    let temperature = 0;
    store.subscribe([`${S1}:power`], () => power++);
    store.subscribe([`${S1}:temperature`], () => temperature++);
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(2), value: 2 }] });
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(1), value: 1 }] });
    expect(store.get(`${S1}:power`)?.map((p) => p.value)).toEqual([1, 2]);
    expect(power).toBe(2);
    expect(temperature).toBe(0);
  });

  it('keeps a bounded buffer', () => {
    const store = new LiveStore();
    for (let i = 0; i < LIVE_BUFFER + 5; i++) {
      store.push({
        sensor_id: S1,
        values: [{ param_key: 'p', ts: new Date(1_700_000_000_000 + i * 1000).toISOString(), value: i }],
      });
    }
    const points = store.get(`${S1}:p`) ?? [];
    expect(points).toHaveLength(LIVE_BUFFER);
    expect(points[0]?.value).toBe(5);
  });

  it('with perFrame, wakes each reader once a frame with everything that arrived meanwhile', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      const store = new LiveStore({ perFrame: true });
      let power = 0;
      store.subscribe([`${S1}:power`], () => power++);
      store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(1), value: 1 }] });
      store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(2), value: 2 }] });
      expect(power).toBe(0);
      expect(frames).toHaveLength(1);
      frames.shift()?.(0);
      expect(power).toBe(1);
      expect(store.get(`${S1}:power`)?.map((p) => p.value)).toEqual([1, 2]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with perFrame, wakes the readers at most every LIVE_WAKE_MS', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    try {
      const store = new LiveStore({ perFrame: true });
      const seen: number[][] = [];
      store.subscribe([`${S1}:power`], () => seen.push(store.get(`${S1}:power`)?.map((p) => p.value) ?? []));
      store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(1), value: 1 }] });
      frames.shift()?.(performance.now());
      expect(seen).toEqual([[1]]);
      // 20 ms later a value arrives: its frame waits until LIVE_WAKE_MS after the last wake.
      vi.advanceTimersByTime(20);
      store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(2), value: 2 }] });
      expect(frames).toHaveLength(0);
      vi.advanceTimersByTime(LIVE_WAKE_MS - 21);
      expect(frames).toHaveLength(0);
      store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: ts(3), value: 3 }] });
      vi.advanceTimersByTime(1);
      expect(frames).toHaveLength(1);
      frames.shift()?.(performance.now());
      // Both values arrived by then, in one wake.
      expect(seen).toEqual([[1], [1, 2, 3]]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
