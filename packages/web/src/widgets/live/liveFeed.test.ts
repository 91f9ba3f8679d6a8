import { describe, expect, it } from 'vitest';
import { widgetLiveFeed } from './liveFeed';
import { LiveStore } from './liveStore';

const S1 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a31';
const S2 = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a32';
const at = (second: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, second)).toISOString();

/** A read of the newest three raw points of S1's power. */
const read = {
  query: {
    aggregate_func: 'avg' as const,
    from_date: at(0),
    to_date: at(2),
    group_interval: 1,
    group_interval_type: 'minute' as const,
    type: 'raw' as const,
    last: 3,
  },
  series: [
    {
      key: 'power',
      sensor_id: S1,
      param_key: 'power',
      sensor_name: 'S1',
      unit: 'kW',
      points: [
        { ts: at(1), value: 1 },
        { ts: at(2), value: 2 },
      ],
    },
  ],
};

describe("a widget's live feed", () => {
  it('answers the read until its own keys take values, then the read with them folded in', () => {
    const store = new LiveStore();
    const feed = widgetLiveFeed(store, read);
    const first = feed.current();
    expect(first?.series[0]?.points.map((p) => p.value)).toEqual([1, 2]);
    store.push({ sensor_id: S2, values: [{ param_key: 'power', ts: at(3), value: 30 }] });
    expect(feed.current()).toBe(first);
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: at(3), value: 3 }] });
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: at(4), value: 4 }] });
    const moved = feed.current();
    expect(moved?.series[0]?.points.map((p) => p.value)).toEqual([2, 3, 4]);
    // Asked again with nothing new, the same object: a chart does not redraw for nothing.
    expect(feed.current()).toBe(moved);
  });

  it('tells its subscribers of values for its keys only', () => {
    const store = new LiveStore();
    const feed = widgetLiveFeed(store, read);
    let told = 0;
    const unsubscribe = feed.subscribe(() => told++);
    store.push({ sensor_id: S2, values: [{ param_key: 'power', ts: at(3), value: 30 }] });
    expect(told).toBe(0);
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: at(3), value: 3 }] });
    expect(told).toBe(1);
    unsubscribe();
    store.push({ sensor_id: S1, values: [{ param_key: 'power', ts: at(4), value: 4 }] });
    expect(told).toBe(1);
  });
});
