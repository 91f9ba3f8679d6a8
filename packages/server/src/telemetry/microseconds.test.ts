/**
 * Readings stamped on arrival are microseconds apart: the writer (COPY, INSERT … ON CONFLICT, the
 * rollups) and the read API keep them, and a write says which times it found taken.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../platform/db/database';
import type { PointRun } from './pointRuns';
import { presentPoints, queryTelemetry } from './query';
import { latestValues } from './repository';
import { openDatabaseWithOrg } from './testSupport';
import { TelemetryWriter } from './writer';

let database: DatabaseHandle;
let db: Db;
let orgId: string;

beforeAll(async () => {
  ({ database, orgId } = await openDatabaseWithOrg('Microseconds'));
  db = database.db;
});
afterAll(() => database.close());

/** 2026-07-01T08:00:00.123Z in epoch microseconds. */
const START_MICROS = Date.UTC(2026, 6, 1, 8, 0, 0, 123) * 1000;

/** One run of `temp` points at START_MICROS + each offset (µs), valued by offset. */
function run(sensorId: string, offsets: number[]): PointRun {
  return {
    orgId,
    sensorId,
    paramKey: 'temp',
    ts: offsets.map((offset) => (START_MICROS + offset) / 1000),
    values: offsets.map((offset) => offset),
  };
}

async function storedMicros(sensorId: string): Promise<string[]> {
  const result = await sql<{ micros: string }>`
    select (extract(epoch from ts) * 1000000)::int8::text as micros from telemetry
    where sensor_id = ${sensorId} order by ts`.execute(db);
  return result.rows.map((row) => row.micros);
}

describe('telemetry times to the microsecond', () => {
  it('stores, rolls up and reads back points one microsecond apart', async () => {
    const sensorId = randomUUID();
    const offsets = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(await new TelemetryWriter(db).writeRuns([run(sensorId, offsets)])).toEqual({ inserted: 10 });
    expect(await storedMicros(sensorId)).toEqual(offsets.map((offset) => String(START_MICROS + offset)));

    const minute = await sql<{ count: number; first: string; last: string }>`
      select count::int as count, (extract(epoch from first_ts) * 1000000)::int8::text as first,
             (extract(epoch from last_ts) * 1000000)::int8::text as last
      from telemetry_1m where sensor_id = ${sensorId}`.execute(db);
    expect(minute.rows).toEqual([{ count: 10, first: String(START_MICROS), last: String(START_MICROS + 9) }]);

    const { points } = await queryTelemetry(
      db,
      orgId,
      { sensorId, paramKey: 'temp' },
      {
        aggregateFunc: 'avg',
        from: new Date(Date.UTC(2026, 6, 1)),
        to: new Date(Date.UTC(2026, 6, 2)),
        groupInterval: 1,
        groupIntervalType: 'minute',
        type: 'raw',
      },
    );
    expect(presentPoints(points).slice(0, 3)).toEqual([
      { ts: '2026-07-01T08:00:00.123Z', value: 0 },
      { ts: '2026-07-01T08:00:00.123001Z', value: 1 },
      { ts: '2026-07-01T08:00:00.123002Z', value: 2 },
    ]);
    expect(await latestValues(db, orgId, sensorId)).toEqual([
      { param_key: 'temp', ts: (START_MICROS + 9) / 1000, value: 9 },
    ]);
  });

  it('stores only the new microseconds of a redelivery, and answers the times it found taken', async () => {
    const sensorId = randomUUID();
    const writer = new TelemetryWriter(db);
    await writer.writeRuns([run(sensorId, [0, 1, 2, 3])]);
    // Stored ones again (COPY meets them: INSERT … ON CONFLICT), new ones between, one repeated in the batch.
    const again = await writer.writeRuns([run(sensorId, [1, 2, 10, 11, 11])]);
    expect(again.inserted).toBe(2);
    const key = `${sensorId} temp`;
    expect(again.taken?.stored.get(key)?.map((ms) => Math.round(ms * 1000) - START_MICROS)).toEqual([1, 2]);
    expect(again.taken?.repeated.get(key)?.map((ms) => Math.round(ms * 1000) - START_MICROS)).toEqual([11]);
    expect(await storedMicros(sensorId)).toEqual(
      [0, 1, 2, 3, 10, 11].map((offset) => String(START_MICROS + offset)),
    );
    const minute = await sql<{ count: number; sum: number }>`
      select count::int as count, sum from telemetry_1m where sensor_id = ${sensorId}`.execute(db);
    // The first of the repeated pair (value 11) is the one stored; the rollup counts each point once.
    expect(minute.rows).toEqual([{ count: 6, sum: 0 + 1 + 2 + 3 + 10 + 11 }]);
  });
});
