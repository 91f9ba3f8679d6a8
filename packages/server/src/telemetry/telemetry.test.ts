import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../platform/db/database';
import {
  AGGREGATE_FUNCS,
  type AggregateFunc,
  type IntervalType,
  queryTelemetry,
  type TelemetryQuery,
} from './query';
import { latestValues } from './repository';
import type { RollupTable } from './rollups';
import { openDatabaseWithOrg, rollupRows, seededRandom } from './testSupport';
import { type TelemetryPoint, TelemetryWriter } from './writer';

let database: DatabaseHandle;
let db: Db;
let orgId: string;

beforeAll(async () => {
  ({ database, orgId } = await openDatabaseWithOrg('Telemetry'));
  db = database.db;
});
afterAll(() => database.close());

const at = (iso: string) => new Date(iso);

const rollup = (table: RollupTable, sensorId: string) => rollupRows(db, table, sensorId);

describe('TelemetryWriter', () => {
  it('stores points, drops exact duplicates and keeps rollups right across out-of-order batches', async () => {
    const writer = new TelemetryWriter(db);
    const sensorId = randomUUID();
    const p = (iso: string, value: number, paramKey = 'temp'): TelemetryPoint => ({
      orgId,
      sensorId,
      paramKey,
      ts: at(iso),
      value,
    });
    const first = await writer.write([
      p('2026-03-01T10:00:30Z', 5),
      p('2026-03-01T10:00:10Z', 7),
      p('2026-03-01T10:00:10Z', 99), // same key in one batch: the first one wins
      p('2026-03-01T10:01:00Z', 1),
      p('2026-03-01T10:00:20Z', 2, 'rpm'),
    ]);
    expect(first.inserted).toBe(4);
    // A later batch with an older point, a newer point, and a replay of a stored one.
    const second = await writer.write([
      p('2026-03-01T10:00:05Z', 3),
      p('2026-03-01T10:00:50Z', 11),
      p('2026-03-01T10:00:30Z', 5),
      p('2026-03-01T11:59:59Z', -4),
    ]);
    expect(second.inserted).toBe(3);

    expect(await rollup('telemetry_1m', sensorId)).toEqual([
      {
        param_key: 'rpm',
        bucket: '2026-03-01T10:00:00.000Z',
        count: 1,
        sum: 2,
        min: 2,
        max: 2,
        first: ['2026-03-01T10:00:20.000Z', 2],
        last: ['2026-03-01T10:00:20.000Z', 2],
      },
      {
        param_key: 'temp',
        bucket: '2026-03-01T10:00:00.000Z',
        count: 4,
        sum: 26,
        min: 3,
        max: 11,
        first: ['2026-03-01T10:00:05.000Z', 3],
        last: ['2026-03-01T10:00:50.000Z', 11],
      },
      {
        param_key: 'temp',
        bucket: '2026-03-01T10:01:00.000Z',
        count: 1,
        sum: 1,
        min: 1,
        max: 1,
        first: ['2026-03-01T10:01:00.000Z', 1],
        last: ['2026-03-01T10:01:00.000Z', 1],
      },
      {
        param_key: 'temp',
        bucket: '2026-03-01T11:59:00.000Z',
        count: 1,
        sum: -4,
        min: -4,
        max: -4,
        first: ['2026-03-01T11:59:59.000Z', -4],
        last: ['2026-03-01T11:59:59.000Z', -4],
      },
    ]);
    const hourly = await rollup('telemetry_1h', sensorId);
    expect(hourly.filter((r) => r.param_key === 'temp')).toEqual([
      {
        param_key: 'temp',
        bucket: '2026-03-01T10:00:00.000Z',
        count: 5,
        sum: 27,
        min: 1,
        max: 11,
        first: ['2026-03-01T10:00:05.000Z', 3],
        last: ['2026-03-01T10:01:00.000Z', 1],
      },
      {
        param_key: 'temp',
        bucket: '2026-03-01T11:00:00.000Z',
        count: 1,
        sum: -4,
        min: -4,
        max: -4,
        first: ['2026-03-01T11:59:59.000Z', -4],
        last: ['2026-03-01T11:59:59.000Z', -4],
      },
    ]);
    const sixHourly = await rollup('telemetry_6h', sensorId);
    expect(sixHourly.filter((r) => r.param_key === 'temp')).toEqual([
      {
        param_key: 'temp',
        bucket: '2026-03-01T06:00:00.000Z',
        count: 6,
        sum: 23,
        min: -4,
        max: 11,
        first: ['2026-03-01T10:00:05.000Z', 3],
        last: ['2026-03-01T11:59:59.000Z', -4],
      },
    ]);
    expect(await latestValues(db, orgId, sensorId)).toEqual([
      { param_key: 'rpm', ts: at('2026-03-01T10:00:20Z').getTime(), value: 2 },
      { param_key: 'temp', ts: at('2026-03-01T11:59:59Z').getTime(), value: -4 },
    ]);
    // Asked through another organization, the sensor has no values.
    expect(await latestValues(db, randomUUID(), sensorId)).toEqual([]);
  });

  it('creates monthly partitions on demand and routes rows into them', async () => {
    const writer = new TelemetryWriter(db, { chunkSize: 7 });
    const sensorId = randomUUID();
    const points = Array.from({ length: 30 }, (_, i) => ({
      orgId,
      sensorId,
      paramKey: 'v',
      ts: new Date(Date.UTC(2025, i % 3, 10, i)),
      value: i,
    }));
    expect((await writer.write(points)).inserted).toBe(30);
    const { rows } = await sql<{ part: string; n: number }>`
      select tableoid::regclass::text as part, count(*)::int as n from telemetry
      where sensor_id = ${sensorId} group by 1 order by 1`.execute(db);
    expect(rows).toEqual([
      { part: 'telemetry_y2025m01', n: 10 },
      { part: 'telemetry_y2025m02', n: 10 },
      { part: 'telemetry_y2025m03', n: 10 },
    ]);
  });
});

describe('TelemetryWriter partitions', () => {
  it('leaves a month in the default partition when rows for it already sit there', async () => {
    const sensorId = randomUUID();
    // A row written before any writer saw the month lands in the default partition.
    await db
      .insertInto('telemetry')
      .values({
        org_id: orgId,
        sensor_id: sensorId,
        param_key: 'v',
        ts: at('2024-07-03T00:00:00Z'),
        value: 1,
      })
      .execute();
    const writer = new TelemetryWriter(db);
    expect(
      (
        await writer.write([
          { orgId, sensorId, paramKey: 'v', ts: at('2024-07-04T00:00:00Z'), value: 2 },
          { orgId, sensorId, paramKey: 'v', ts: at('2024-07-03T00:00:00Z'), value: 3 }, // already stored
        ])
      ).inserted,
    ).toBe(1);
    const { rows } = await sql<{ part: string; n: number }>`
      select tableoid::regclass::text as part, count(*)::int as n from telemetry
      where sensor_id = ${sensorId} group by 1`.execute(db);
    expect(rows).toEqual([{ part: 'telemetry_default', n: 2 }]);
  });
});

describe('queryTelemetry', () => {
  const sensorId = randomUUID();
  const key = { sensorId, paramKey: 'flow' };

  beforeAll(async () => {
    const next = seededRandom(42);
    const writer = new TelemetryWriter(db, { chunkSize: 500 });
    const start = Date.UTC(2026, 0, 30, 20); // spans a month boundary and a week boundary
    const points: TelemetryPoint[] = [];
    for (let i = 0; i < 3000; i++) {
      // Values in quarters are exact in binary, so sums compare exactly whatever the order.
      points.push({
        orgId,
        sensorId,
        paramKey: 'flow',
        ts: new Date(start + Math.floor(next() * 5 * 86_400_000)),
        value: Math.round((next() - 0.3) * 4000) / 4,
      });
    }
    // Written in shuffled batches: out of order, with replays.
    for (let i = 0; i < points.length; i += 700) await writer.write(points.slice(i, i + 900));
  });

  const window = (from: string, to: string, over: Partial<TelemetryQuery>): TelemetryQuery => ({
    aggregateFunc: 'avg',
    from: at(from),
    to: at(to),
    groupInterval: 1,
    groupIntervalType: 'hour',
    type: 'aggregate',
    ...over,
  });

  const cases: [IntervalType, number, 'raw' | RollupTable][] = [
    ['second', 45, 'raw'],
    ['second', 120, 'telemetry_1m'],
    ['minute', 7, 'telemetry_1m'],
    ['minute', 90, 'telemetry_1m'],
    ['hour', 1, 'telemetry_1h'],
    ['hour', 5, 'telemetry_1h'],
    ['hour', 6, 'telemetry_6h'],
    ['hour', 18, 'telemetry_6h'],
    ['day', 1, 'telemetry_6h'],
    ['week', 1, 'telemetry_6h'],
    ['month', 1, 'telemetry_6h'],
  ];
  for (const [type, interval, expected] of cases) {
    it(`answers ${interval} ${type} buckets from ${expected} exactly as from raw`, async () => {
      for (const [from, to] of [
        ['2026-01-30T00:00:00Z', '2026-02-06T00:00:00Z'],
        ['2026-01-30T21:17:31.250Z', '2026-02-03T05:42:07.900Z'], // ragged edges
      ] as const) {
        for (const aggregateFunc of AGGREGATE_FUNCS as readonly AggregateFunc[]) {
          const q = window(from, to, { aggregateFunc, groupInterval: interval, groupIntervalType: type });
          const fast = await queryTelemetry(db, orgId, key, q);
          const slow = await queryTelemetry(db, orgId, key, { ...q, source: 'raw' });
          expect(fast.source).toBe(expected);
          expect(slow.source).toBe('raw');
          expect(fast.points.length).toBeGreaterThan(0);
          expect(fast.points, `${aggregateFunc} ${from}`).toEqual(slow.points);
        }
      }
    });
  }

  it('aligns buckets to UTC: days at midnight, weeks on Monday, months on the 1st', async () => {
    const q = (groupIntervalType: IntervalType) =>
      queryTelemetry(
        db,
        orgId,
        key,
        window('2026-01-30T00:00:00Z', '2026-02-06T00:00:00Z', { aggregateFunc: 'count', groupIntervalType }),
      );
    expect((await q('day')).points.map((p) => new Date(p.ts).toISOString())).toEqual([
      '2026-01-30T00:00:00.000Z',
      '2026-01-31T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-02-02T00:00:00.000Z',
      '2026-02-03T00:00:00.000Z',
      '2026-02-04T00:00:00.000Z',
    ]);
    expect((await q('week')).points.map((p) => new Date(p.ts).toISOString())).toEqual([
      '2026-01-26T00:00:00.000Z',
      '2026-02-02T00:00:00.000Z',
    ]);
    const months = (await q('month')).points;
    expect(months.map((p) => new Date(p.ts).toISOString())).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
    expect(months.reduce((sum, p) => sum + p.value, 0)).toBe(3000);
  });

  it('answers the N newest raw points, oldest first, and raw points in a window', async () => {
    const last = await queryTelemetry(db, orgId, key, {
      ...window('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', {}),
      last: 5,
    });
    expect(last.points).toHaveLength(5);
    const all = await queryTelemetry(
      db,
      orgId,
      key,
      window('2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z', { type: 'raw' }),
    );
    expect(all.points).toHaveLength(3000);
    expect(last.points).toEqual(all.points.slice(-5));
  });
});
