import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DurableRun, TelemetrySubscriber } from '../../../platform/module';
import { type PointRun, pointCount } from '../../../telemetry/pointRuns';
import { DeviceLinkHub } from './deviceLink';
import type { GatewayLogSink } from './gatewayLogSink';
import { IngestService } from './ingestService';
import { type PointWriter, TelemetryBatcher } from './telemetryBatcher';
import { type FanoutOptions, TelemetryFanout } from './telemetryFanout';

const ORG = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a30';

/** A run of `points` points of one sensor, values counting up from `first`. */
function run(sensorId: string, first: number, points = 1): PointRun {
  const values = Array.from({ length: points }, (_, i) => first + i);
  return { orgId: ORG, sensorId, paramKey: 'power', ts: values.map((v) => 1_700_000_000_000 + v), values };
}

function fakeLog() {
  const error = vi.fn();
  const warn = vi.fn();
  return { log: { error, warn, info: vi.fn(), debug: vi.fn() } as unknown as Logger, error, warn };
}

/** A writer that stores everything (a moment later, as a database would) and counts its writes. */
function memoryWriter() {
  const writer = {
    writes: 0,
    async writeRuns(runs: readonly PointRun[]) {
      await sleep(1);
      writer.writes++;
      return { inserted: pointCount(runs) };
    },
  } satisfies PointWriter & { writes: number };
  return writer;
}

/** Ingest's spine as IngestService builds it: the batcher hands each written batch to the fan-out. */
function spine(subscribers: TelemetrySubscriber[], options: FanoutOptions = {}) {
  const { log, error, warn } = fakeLog();
  const fanout = new TelemetryFanout(subscribers, log, options);
  const writer = memoryWriter();
  const batcher = new TelemetryBatcher(writer, { maxDelayMs: 1, onWritten: (runs) => fanout.publish(runs) });
  return { fanout, batcher, writer, error, warn };
}

/** A subscriber that notes every value it is handed, per sensor. */
function recorder(name = 'recorder') {
  const seen = new Map<string, number[]>();
  const subscriber: TelemetrySubscriber = {
    name,
    onBatch(runs) {
      for (const r of runs) {
        const values = seen.get(r.sensorId) ?? [];
        for (let i = 0; i < r.values.length; i++) values.push(r.values[i] as number);
        seen.set(r.sensorId, values);
      }
    },
  };
  return { subscriber, seen };
}

/** A subscriber whose every batch waits until the test lets it go. */
function stuck(name = 'stuck') {
  const batches: (readonly DurableRun[])[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const subscriber: TelemetrySubscriber = {
    name,
    async onBatch(runs) {
      batches.push(runs);
      await gate;
    },
  };
  return {
    subscriber,
    batches,
    release() {
      release();
      gate = Promise.resolve();
    },
  };
}

/** Whether a promise has settled by now (after the timers and I/O already due). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await sleep(20);
  return done;
}

describe('telemetry fan-out', () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands every subscriber a sensor's points in the order they were stored, however slowly it works", async () => {
    const fast = recorder('fast');
    const slowSeen = new Map<string, number[]>();
    const slow: TelemetrySubscriber = {
      name: 'slow',
      async onBatch(runs) {
        // Works each batch for a random while, so batches would overtake one another if they could.
        await sleep(Math.random() * 3);
        for (const r of runs) {
          const values = slowSeen.get(r.sensorId) ?? [];
          for (let i = 0; i < r.values.length; i++) values.push(r.values[i] as number);
          slowSeen.set(r.sensorId, values);
        }
      },
    };
    const { batcher, fanout } = spine([fast.subscriber, slow]);
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      // Three sensors interleaved, some messages in one batch, some in the next.
      sent.push(batcher.add([run(`sensor-${i % 3}`, i * 10, 1 + (i % 4))]));
      if (i % 7 === 0) await sleep(2);
    }
    await Promise.all(sent);
    await batcher.drain();
    await fanout.drain();
    for (const seen of [fast.seen, slowSeen]) {
      for (let s = 0; s < 3; s++) {
        const expected = Array.from({ length: 60 }, (_, i) => i)
          .filter((i) => i % 3 === s)
          .flatMap((i) => run('x', i * 10, 1 + (i % 4)).values as number[]);
        expect(seen.get(`sensor-${s}`)).toEqual(expected);
      }
    }
  });

  it('keeps a throwing subscriber apart: the others and ingest go on, and its failures are logged once a minute by name', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const healthy = recorder();
    const throwing: TelemetrySubscriber = {
      name: 'alerts',
      onBatch() {
        throw new Error('condition failed');
      },
    };
    const rejecting: TelemetrySubscriber = {
      name: 'streamLogic',
      onBatch: async () => Promise.reject(new Error('chain failed')),
    };
    const { batcher, fanout, error } = spine([throwing, rejecting, healthy.subscriber]);
    for (let i = 0; i < 5; i++) await expect(batcher.add([run('sensor-1', i)])).resolves.toBeNull();
    await fanout.drain();
    expect(healthy.seen.get('sensor-1')).toEqual([0, 1, 2, 3, 4]);
    // One line each for the first failure, none for the next four within the minute.
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.map(([fields]) => fields.subscriber).sort()).toEqual(['alerts', 'streamLogic']);
    expect(error.mock.calls[0]?.[1]).toContain('"alerts" failed');

    clock.mockReturnValue(1_700_000_061_000);
    await batcher.add([run('sensor-1', 5)]);
    await fanout.drain();
    expect(healthy.seen.get('sensor-1')).toEqual([0, 1, 2, 3, 4, 5]);
    // A minute on: one more line each, counting the failures since the last.
    expect(error).toHaveBeenCalledTimes(4);
    expect(error.mock.calls.slice(2).map(([fields]) => fields.failures)).toEqual([5, 5]);
  });

  it('holds ingest at the bound of a stuck subscriber: the next acknowledgement waits and memory stays bounded', async () => {
    const blocked = stuck('reports');
    const fast = recorder('fast');
    const { batcher, fanout, writer, warn } = spine([blocked.subscriber, fast.subscriber], {
      maxQueuedPoints: 10,
    });
    // Within the bound, and then the batch that crosses it: both are stored and answered at once.
    await expect(batcher.add([run('sensor-1', 0, 6)])).resolves.toBeNull();
    await expect(batcher.add([run('sensor-1', 6, 6)])).resolves.toBeNull();
    expect(fanout.queued()).toEqual({ reports: 12, fast: 0 });
    // The next ones wait, unwritten, however many come; the other subscriber is not held up.
    const waiting = Array.from({ length: 50 }, (_, i) => batcher.add([run('sensor-1', 12 + i * 6, 6)]));
    expect(await settled(Promise.race(waiting))).toBe(false);
    expect(writer.writes).toBe(2);
    expect(fanout.queued()).toEqual({ reports: 12, fast: 0 });
    expect(fast.seen.get('sensor-1')).toHaveLength(12);
    expect(blocked.batches).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      { subscriber: 'reports', queuedPoints: 12 },
      'Telemetry subscriber "reports" is behind: ingest waits for it',
    );

    blocked.release();
    await Promise.all(waiting);
    await fanout.drain();
    const all = Array.from({ length: 12 + 50 * 6 }, (_, i) => i);
    expect(fast.seen.get('sensor-1')).toEqual(all);
    expect(blocked.batches.flatMap((runs) => runs.flatMap((r) => [...(r.values as number[])]))).toEqual(all);
  });

  it('takes a single batch bigger than the bound without holding ingest, and holds the one after it', async () => {
    const blocked = stuck('reports');
    const { batcher, fanout, writer, warn } = spine([blocked.subscriber], { maxQueuedPoints: 10 });
    await expect(batcher.add([run('sensor-1', 0, 25)])).resolves.toBeNull();
    await expect(batcher.add([run('sensor-1', 25, 1)])).resolves.toBeNull();
    const third = batcher.add([run('sensor-1', 26, 1)]);
    expect(await settled(third)).toBe(false);
    expect(writer.writes).toBe(2);
    expect(fanout.queued()).toEqual({ reports: 26 });
    expect(warn).toHaveBeenCalledTimes(1);
    blocked.release();
    await expect(third).resolves.toBeNull();
  });

  it('drains at stop: every stored batch reaches every subscriber, which then flushes, before the writer closes', async () => {
    const order: string[] = [];
    const slow: TelemetrySubscriber = {
      name: 'slow',
      async onBatch(runs) {
        await sleep(5);
        order.push(`batch ${runs.map((r) => r.values[0]).join(',')}`);
      },
      flush: () => {
        order.push('flush');
      },
    };
    const failingFlush: TelemetrySubscriber = {
      name: 'failingFlush',
      onBatch: () => undefined,
      flush: () => Promise.reject(new Error('cannot hand on')),
    };
    const { log, error } = fakeLog();
    const writer = memoryWriter();
    const gatewayLogs = { append: vi.fn(), flush: vi.fn(async () => undefined) };
    const ingest = new IngestService({
      db: {} as never,
      writer: {
        writeRuns: (runs) => writer.writeRuns(runs),
        close: async () => {
          order.push('writer closed');
        },
      },
      gatewayLogs: gatewayLogs as unknown as GatewayLogSink,
      realtime: { emit: vi.fn() } as never,
      deviceLink: new DeviceLinkHub(),
      log,
      subscribers: [slow, failingFlush],
    });
    const sent = [ingest.batcher.add([run('sensor-1', 1)]), ingest.batcher.add([run('sensor-2', 2)])];
    await ingest.stop();
    await Promise.all(sent);
    expect(order).toEqual(['batch 1,2', 'flush', 'writer closed']);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ subscriber: 'failingFlush' }),
      'Telemetry subscriber "failingFlush" failed to flush',
    );
  });
});
