import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../platform/db/database';
import { groupSeries, ROLLUP_ROW_COST, sliceSeries } from './batchPlan';
import { runsOfPoints } from './pointRuns';
import { openDatabaseWithOrg, seededRandom } from './testSupport';
import { type TelemetryPoint, TelemetryWriter } from './writer';

let database: DatabaseHandle;
let db: Db;
let orgId: string;

beforeAll(async () => {
  ({ database, orgId } = await openDatabaseWithOrg('Writer'));
  db = database.db;
});
afterAll(() => database.close());

/** Every rollup as the raw table says they should be, and as they are, for some sensors. */
async function rollupsAgainstRaw(sensorIds: string[]) {
  const result: Record<string, { expected: unknown[]; actual: unknown[] }> = {};
  for (const [table, width] of [
    ['telemetry_1m', '1 minute'],
    ['telemetry_1h', '1 hour'],
    ['telemetry_6h', '6 hours'],
  ] as const) {
    const expected = await sql<Record<string, unknown>>`
      select sensor_id, param_key,
        date_bin(${sql.lit(width)}::interval, ts, timestamptz '1970-01-01 00:00:00+00') as bucket,
        count(*)::int as count, sum(value) as sum, min(value) as min, max(value) as max,
        min(ts) as first_ts, (array_agg(value order by ts))[1] as first_value,
        max(ts) as last_ts, (array_agg(value order by ts desc))[1] as last_value
      from telemetry where sensor_id in (${sql.join(sensorIds)})
      group by 1, 2, 3 order by 1, 2, 3`.execute(db);
    const actual = await sql<Record<string, unknown>>`
      select sensor_id, param_key, bucket, count::int as count, sum, min, max, first_ts, first_value,
        last_ts, last_value
      from ${sql.table(table)} where sensor_id in (${sql.join(sensorIds)})
      order by 1, 2, 3`.execute(db);
    result[table] = { expected: expected.rows, actual: actual.rows };
  }
  return result;
}

describe('TelemetryWriter at scale', () => {
  it('keeps every rollup equal to raw through many slices, duplicates, redelivery and disorder', async () => {
    const next = seededRandom(7);
    const sensors = Array.from({ length: 12 }, () => randomUUID());
    const start = Date.UTC(2026, 4, 31, 22, 50); // crosses hours, a day and a month
    const point = (): TelemetryPoint => ({
      orgId,
      sensorId: sensors[Math.floor(next() * sensors.length)]!,
      paramKey: next() < 0.5 ? 'temp' : 'rpm',
      // Whole seconds over ~3 hours: plenty of exact duplicates.
      ts: new Date(start + Math.floor(next() * 3 * 3600) * 1000),
      // Quarters are exact in binary, so sums compare exactly whatever the order of addition.
      value: Math.round((next() - 0.5) * 4000) / 4,
    });
    const first = Array.from({ length: 4000 }, point);
    // Small slices: many transactions, series cut across slices.
    const writer = new TelemetryWriter(db, { chunkSize: 150 });
    const firstKeys = new Set(first.map((p) => `${p.sensorId}/${p.paramKey}/${p.ts.getTime()}`));
    expect((await writer.write(first)).inserted).toBe(firstKeys.size);

    // A redelivery: half of the first batch again (in another order) with new points between.
    const second = [...first.filter((_, i) => i % 2 === 0).reverse(), ...Array.from({ length: 2000 }, point)];
    const secondNew = new Set(
      second.map((p) => `${p.sensorId}/${p.paramKey}/${p.ts.getTime()}`).filter((key) => !firstKeys.has(key)),
    );
    expect((await writer.write(second)).inserted).toBe(secondNew.size);
    // The same batch once more stores nothing.
    expect((await new TelemetryWriter(db).write(second)).inserted).toBe(0);

    const raw = await sql<{ n: number }>`
      select count(*)::int as n from telemetry where sensor_id in (${sql.join(sensors)})`.execute(db);
    expect(raw.rows[0]?.n).toBe(firstKeys.size + secondNew.size);
    for (const { expected, actual } of Object.values(await rollupsAgainstRaw(sensors))) {
      expect(actual.length).toBeGreaterThan(0);
      expect(actual).toEqual(expected);
    }
  });

  it('stores what it was given exactly: far dates, odd keys, extreme values, upper-case ids', async () => {
    const sensorId = randomUUID();
    const points: TelemetryPoint[] = [
      { orgId, sensorId, paramKey: 'température', ts: new Date('1600-02-29T12:34:56.789Z'), value: -0.5 },
      { orgId, sensorId, paramKey: 'tab\there "quoted" \\ new\nline', ts: new Date(1), value: 1e300 },
      { orgId, sensorId, paramKey: 'x', ts: new Date('2300-12-31T23:59:59.999Z'), value: -1e-300 },
      {
        orgId,
        sensorId: sensorId.toUpperCase(),
        paramKey: 'x',
        ts: new Date('2026-06-01T00:00:00Z'),
        value: 0.1,
      },
    ];
    expect((await new TelemetryWriter(db).write(points)).inserted).toBe(4);
    const stored = await sql<{ sensor_id: string; param_key: string; ts: Date; value: number }>`
      select sensor_id, param_key, ts, value from telemetry where sensor_id = ${sensorId} order by ts`.execute(
      db,
    );
    expect(stored.rows.map((r) => [r.sensor_id, r.param_key, new Date(r.ts).toISOString(), r.value])).toEqual(
      [
        [sensorId, 'température', '1600-02-29T12:34:56.789Z', -0.5],
        [sensorId, 'tab\there "quoted" \\ new\nline', '1970-01-01T00:00:00.001Z', 1e300],
        [sensorId, 'x', '2026-06-01T00:00:00.000Z', 0.1],
        [sensorId, 'x', '2300-12-31T23:59:59.999Z', -1e-300],
      ],
    );
    const { telemetry_1h } = await rollupsAgainstRaw([sensorId]);
    expect(telemetry_1h?.actual).toEqual(telemetry_1h?.expected);
  });

  it('rejects a bad batch before storing any of it', async () => {
    const sensorId = randomUUID();
    const good = { orgId, sensorId, paramKey: 'v', ts: new Date('2026-06-02T00:00:00Z'), value: 1 };
    const writer = new TelemetryWriter(db);
    await expect(writer.write([good, { ...good, value: Number.NaN }])).rejects.toThrow(/finite/);
    await expect(writer.write([good, { ...good, ts: new Date('nope') }])).rejects.toThrow(/timestamp/);
    await expect(writer.write([good, { ...good, orgId: randomUUID() }])).rejects.toThrow(/two organizations/);
    await expect(writer.write([good, { ...good, sensorId: 'sensor-7' }])).rejects.toThrow(/not a UUID/);
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from telemetry where sensor_id = ${sensorId}`.execute(db);
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('lets other queries in between slices of a long write', async () => {
    const sensors = Array.from({ length: 50 }, () => randomUUID());
    const points = sensors.flatMap((sensorId) =>
      Array.from({ length: 400 }, (_, i) => ({
        orgId,
        sensorId,
        paramKey: 'p',
        ts: new Date(Date.UTC(2026, 5, 3) + i * 1000),
        value: i,
      })),
    );
    let writeDone = false;
    const writing = new TelemetryWriter(db, { chunkSize: 500 }).write(points).then((result) => {
      writeDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sql`select 1`.execute(db);
    // The query was answered while the write still had slices to go.
    expect(writeDone).toBe(false);
    expect((await writing).inserted).toBe(20_000);
  });
});

describe('batch planning', () => {
  it('keeps the first of duplicate points, puts each series in time order and notes each month once', () => {
    const sensorId = randomUUID();
    const at = (iso: string, value: number) => ({ orgId, sensorId, paramKey: 'v', ts: new Date(iso), value });
    const { series, months } = groupSeries(
      runsOfPoints([
        at('2026-01-31T23:59:59Z', 1),
        at('2026-02-01T00:00:00Z', 2),
        at('2026-01-31T23:59:59Z', 3), // duplicate of the first, out of order
        at('2026-01-15T00:00:00Z', 4),
      ]),
    );
    expect(series).toHaveLength(1);
    expect(Array.from(series[0]?.values ?? [])).toEqual([4, 1, 2]);
    expect(months.map((m) => m.ts.toISOString())).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
  });

  it('hands series over in key order (sensor, then parameter) whatever order the points came in', () => {
    const [a, b] = [randomUUID(), randomUUID()].sort();
    const ts = new Date('2026-03-01T00:00:00Z');
    const point = (sensorId: string, paramKey: string) => ({ orgId, sensorId, paramKey, ts, value: 1 });
    const { series } = groupSeries(
      runsOfPoints([point(b!, 'x'), point(a!, 'y'), point(b!, 'a'), point(a!, 'x')]),
    );
    expect(series.map((one) => `${one.sensorId === a ? 'a' : 'b'}.${one.paramKey}`)).toEqual([
      'a.x',
      'a.y',
      'b.a',
      'b.x',
    ]);
  });

  it('cuts series into slices that cover every point once, within the budget', () => {
    const sensorId = randomUUID();
    const points = Array.from({ length: 1000 }, (_, i) => ({
      orgId,
      sensorId: i % 3 === 0 ? sensorId : `${sensorId.slice(0, -1)}${i % 3}`,
      paramKey: 'v',
      ts: new Date(Date.UTC(2026, 0, 1) + i * 7_000),
      value: i,
    }));
    const { series } = groupSeries(runsOfPoints(points));
    const budget = 100;
    const slices = sliceSeries(series, budget);
    const seen: number[] = [];
    for (const [index, slice] of slices.entries()) {
      let cost = 0;
      for (const run of slice) {
        const minutes = new Set<number>();
        const hours = new Set<number>();
        const sixHours = new Set<number>();
        for (let i = run.start; i < run.end; i++) {
          seen.push(run.series.values[i]!);
          minutes.add(Math.floor(run.series.ts[i]! / 60_000));
          hours.add(Math.floor(run.series.ts[i]! / 3_600_000));
          sixHours.add(Math.floor(run.series.ts[i]! / 21_600_000));
        }
        cost += run.end - run.start + ROLLUP_ROW_COST * (minutes.size + hours.size + sixHours.size);
      }
      expect(cost).toBeLessThanOrEqual(budget);
      // Full but for the last: the next point (with a new minute, hour and six hours) would not have fitted.
      if (index < slices.length - 1) expect(cost).toBeGreaterThan(budget - 1 - 3 * ROLLUP_ROW_COST);
    }
    expect(seen.sort((a, b) => a - b)).toEqual(points.map((p) => p.value));
  });
});
