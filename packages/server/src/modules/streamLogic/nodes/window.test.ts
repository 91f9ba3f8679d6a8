import { describe, expect, it } from 'vitest';
import { arrive, reading, testContext, testServices } from './testServices';
import { WINDOW_GRACE_MS, window } from './window';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12); // a minute boundary

describe('window aggregate, tumbling', () => {
  it('sends each sensor’s average once the minute closed, timed at its end, once across nodes', async () => {
    const services = testServices();
    const nodeA = testContext(services, { now: T0 + 30_000 });
    const nodeB = testContext(services, { now: T0 + 30_000 });
    const config = {
      mode: 'tumbling' as const,
      size_s: 60,
      aggregate: 'avg' as const,
      group_by: 'sensor' as const,
      out_key: 'temperature_avg_1m',
    };
    const results = await window.run(
      nodeA,
      config,
      arrive([
        reading(10, { ts: T0 + 1000 }),
        reading(20, { ts: T0 + 2000 }),
        reading(5, { ts: T0 + 3000, sensor_id: 'sensor-2' }),
      ]),
    );
    expect(results).toEqual([{ outputs: [] }, { outputs: [] }, { outputs: [] }]);
    await window.run(
      nodeB,
      config,
      arrive([reading(30, { ts: T0 + 59_000 }), reading(100, { ts: T0 + MIN + 1 })]),
    );
    expect(await window.due?.(nodeA, config)).toEqual([]);

    // Closed once its end and the grace passed.
    nodeA.clock.now = nodeB.clock.now = T0 + MIN + WINDOW_GRACE_MS - 1;
    expect(await window.due?.(nodeA, config)).toEqual([]);
    nodeA.clock.now = nodeB.clock.now = T0 + MIN + WINDOW_GRACE_MS;
    const [fromA, fromB] = await Promise.all([window.due?.(nodeA, config), window.due?.(nodeB, config)]);
    const sent = [...(fromA ?? []), ...(fromB ?? [])].map((o) => o.message);
    expect(sent).toEqual([
      { ts: T0 + MIN, sensor_id: 'sensor-1', key: 'temperature_avg_1m', value: 20, payload: null },
      { ts: T0 + MIN, sensor_id: 'sensor-2', key: 'temperature_avg_1m', value: 5, payload: null },
    ]);
    nodeA.clock.now = T0 + 2 * MIN + WINDOW_GRACE_MS;
    expect((await window.due?.(nodeA, config))?.map((o) => [o.message.ts, o.message.value])).toEqual([
      [T0 + 2 * MIN, 100],
    ]);
  });

  it.each([
    ['min', 1],
    ['max', 7],
    ['sum', 12],
    ['count', 4],
    ['first', 3],
    ['last', 7],
  ] as const)('aggregates %s over one key across sensors, out of order too', async (aggregate, expected) => {
    const ctx = testContext(testServices(), { now: T0 });
    const config = { mode: 'tumbling' as const, size_s: 60, aggregate, group_by: 'key' as const };
    await window.run(
      ctx,
      config,
      arrive([reading(1, { ts: T0 + 20_000 }), reading(3, { ts: T0 + 10_000, sensor_id: 's2' })]),
    );
    await window.run(
      ctx,
      config,
      arrive([reading(7, { ts: T0 + 50_000 }), reading(1, { ts: T0 + 30_000 }), reading(null)]),
    );
    ctx.clock.now = T0 + MIN + WINDOW_GRACE_MS;
    const sent = await window.due?.(ctx, config);
    expect(sent?.map((o) => o.message)).toEqual([
      { ts: T0 + MIN, sensor_id: null, key: 'temperature', value: expected, payload: null },
    ]);
  });

  it('fails a message without a value and keeps the others', async () => {
    const ctx = testContext(testServices());
    const config = {
      mode: 'tumbling' as const,
      size_s: 60,
      aggregate: 'count' as const,
      group_by: 'chain' as const,
    };
    const results = await window.run(ctx, config, arrive([reading(null), reading(Number.NaN), reading(1)]));
    expect(results.map((r) => r.error)).toEqual([
      'The message has no numeric value',
      'The message has no numeric value',
      undefined,
    ]);
  });
});

describe('window aggregate, sliding', () => {
  it('sends the aggregate over the last size at each hop end', async () => {
    const services = testServices();
    const ctx = testContext(services, { now: T0 });
    const other = testContext(services, { now: T0 });
    const config = {
      mode: 'sliding' as const,
      size_s: 30,
      hop_s: 10,
      aggregate: 'sum' as const,
      group_by: 'sensor' as const,
    };
    await window.run(
      ctx,
      config,
      arrive([
        reading(1, { ts: T0 + 1000 }),
        reading(2, { ts: T0 + 11_000 }),
        reading(4, { ts: T0 + 21_000 }),
        reading(8, { ts: T0 + 31_000 }),
      ]),
    );
    const at = async (now: number) => {
      ctx.clock.now = other.clock.now = now + WINDOW_GRACE_MS;
      const [a, b] = await Promise.all([window.due?.(ctx, config), window.due?.(other, config)]);
      return [...(a ?? []), ...(b ?? [])].map((o) => [o.message.ts - T0, o.message.value]);
    };
    expect(await at(T0 + 10_050)).toEqual([[10_000, 1]]);
    expect(await at(T0 + 10_250)).toEqual([]);
    expect(await at(T0 + 20_000)).toEqual([[20_000, 3]]);
    // A pause: the missed hop end is caught up.
    expect(await at(T0 + 40_000)).toEqual([
      [30_000, 7],
      [40_000, 14],
    ]);
    expect(await at(T0 + 50_000)).toEqual([[50_000, 12]]);
    expect(await at(T0 + 60_000)).toEqual([[60_000, 8]]);
    expect(await at(T0 + 70_000)).toEqual([]);
  });

  it('refuses a hop that does not divide the size, naming hop_s', () => {
    const result = window.configSchema.safeParse({
      mode: 'sliding',
      size_s: 60,
      hop_s: 7,
      aggregate: 'avg',
      group_by: 'sensor',
    });
    expect(result.error?.issues[0]?.message).toMatch(/^hop_s must divide size_s/);
    expect(
      window.configSchema.safeParse({ mode: 'sliding', size_s: 60, aggregate: 'avg', group_by: 'sensor' })
        .error?.issues[0]?.path,
    ).toEqual(['hop_s']);
  });
});
