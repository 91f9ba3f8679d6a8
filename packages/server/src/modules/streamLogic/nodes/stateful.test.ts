import { describe, expect, it } from 'vitest';
import { deduplicate } from './deduplicate';
import { delay } from './delay';
import { merge } from './merge';
import { schedule } from './schedule';
import { arrive, reading, testContext, testServices } from './testServices';

const T0 = Date.UTC(2026, 0, 1, 12);
const passed = (results: { outputs: unknown[] }[]) => results.map((r) => r.outputs.length);

describe('deduplicate', () => {
  const config = { mode: 'dedupe' as const, interval_s: 60, group_by: 'sensor' as const };

  it('drops a sensor’s unchanged value within the interval, across batches and nodes', async () => {
    const services = testServices();
    const a = testContext(services);
    const b = testContext(services);
    expect(
      passed(
        await deduplicate.run(
          a,
          config,
          arrive([
            reading(1, { ts: T0 }),
            reading(1, { ts: T0 + 1000 }),
            reading(2, { ts: T0 + 2000 }),
            reading(1, { ts: T0 + 3000, sensor_id: 's2' }),
          ]),
        ),
      ),
    ).toEqual([1, 0, 1, 1]);
    expect(
      passed(
        await deduplicate.run(
          b,
          config,
          arrive([
            reading(2, { ts: T0 + 10_000 }),
            reading(2, { ts: T0 + 62_000 }),
            reading(3, { ts: T0 + 63_000 }),
          ]),
        ),
      ),
    ).toEqual([0, 1, 1]);
  });

  it('lets one of two racing nodes pass the same new value', async () => {
    const services = testServices();
    const [x, y] = await Promise.all([
      deduplicate.run(testContext(services), config, arrive([reading(5, { ts: T0 })])),
      deduplicate.run(testContext(services), config, arrive([reading(5, { ts: T0 })])),
    ]);
    expect([...passed(x), ...passed(y)].sort()).toEqual([0, 1]);
  });

  it('throttles to one message per group per interval', async () => {
    const ctx = testContext(testServices());
    const throttle = { mode: 'throttle' as const, interval_s: 10, group_by: 'key' as const };
    const batch = [0, 3000, 9999, 10_000, 15_000, 21_000].map((dt, i) =>
      reading(i, { ts: T0 + dt, sensor_id: `s${i}` }),
    );
    expect(passed(await deduplicate.run(ctx, throttle, arrive(batch)))).toEqual([1, 0, 0, 1, 0, 1]);
    expect(
      passed(
        await deduplicate.run(
          ctx,
          throttle,
          arrive([reading(9, { ts: T0 + 25_000 }), reading(9, { ts: T0 + 31_000 })]),
        ),
      ),
    ).toEqual([0, 1]);
  });
});

describe('delay', () => {
  it('holds messages until their time, then sends each once', async () => {
    const services = testServices();
    const ctx = testContext(services, { now: T0 });
    const other = testContext(services, { now: T0 });
    const config = { delay_s: 5 };
    expect(await delay.run(ctx, config, arrive([reading(1), reading(2)]))).toEqual([
      { outputs: [] },
      { outputs: [] },
    ]);
    ctx.clock.now = T0 + 4_999;
    expect(await delay.due?.(ctx, config)).toEqual([]);
    ctx.clock.now = other.clock.now = T0 + 5_000;
    const [a, b] = await Promise.all([delay.due?.(ctx, config), delay.due?.(other, config)]);
    expect([...(a ?? []), ...(b ?? [])].map((o) => o.message.value).sort()).toEqual([1, 2]);
    expect(await delay.due?.(ctx, config)).toEqual([]);
  });
});

describe('merge', () => {
  it('joins A and B values within the tolerance, keeping each side across batches', async () => {
    const ctx = testContext(testServices());
    const config = { tolerance_s: 5 };
    const first = await merge.run(ctx, config, [
      { input: 'a', message: reading(20, { ts: T0 }) },
      { input: 'b', message: reading(null, { ts: T0 + 10_000, key: 'state', payload: 'running' }) },
    ]);
    expect(passed(first)).toEqual([0, 0]);
    const [joined] = await merge.run(ctx, config, [
      { input: 'a', message: reading(22, { ts: T0 + 12_000 }) },
    ]);
    expect(joined?.outputs[0]?.message).toEqual({
      ts: T0 + 12_000,
      sensor_id: 'sensor-1',
      key: 'temperature',
      value: null,
      payload: { a: 22, b: 'running' },
    });
    const [tooFar] = await merge.run(ctx, config, [{ input: 'b', message: reading(7, { ts: T0 + 30_000 }) }]);
    expect(tooFar?.outputs).toEqual([]);
  });
});

describe('schedule', () => {
  it('ticks once per period across nodes, with its payload', async () => {
    const services = testServices();
    const a = testContext(services, { now: T0 + 500 });
    const b = testContext(services, { now: T0 + 500 });
    const config = { every_s: 10, payload: { action: 'poll' } };
    const [x, y] = await Promise.all([schedule.due?.(a, config), schedule.due?.(b, config)]);
    expect([...(x ?? []), ...(y ?? [])]).toEqual([
      {
        output: 'out',
        message: { ts: T0, sensor_id: null, key: 'tick', value: null, payload: { action: 'poll' } },
      },
    ]);
    a.clock.now = T0 + 9_900;
    expect(await schedule.due?.(a, config)).toEqual([]);
    a.clock.now = T0 + 10_100;
    expect((await schedule.due?.(a, config))?.map((o) => o.message.ts)).toEqual([T0 + 10_000]);
  });
});
