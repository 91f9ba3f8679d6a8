/**
 * The telemetry writer thread against the real PostgreSQL server (it exists for PostgreSQL only, so it
 * runs there in both test passes): batches stored through it, errors brought back, a thread that dies
 * replaced by the main thread's writer without losing a batch, and its connections ended on close.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrate';
import { createServerDatabase } from '../../testing/testDatabase';
import type { PointRun } from '../pointRuns';
import { TelemetryWriter } from '../writer';
import { TelemetryWriterThread } from './client';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let server: Awaited<ReturnType<typeof createServerDatabase>>;
let database: DatabaseHandle;
let orgId: string;

beforeAll(async () => {
  server = await createServerDatabase(SERVER_URL);
  database = await openDatabase({ kind: 'postgres', url: server.url });
  await migrateToLatest(database.db);
  const org = await database.db
    .insertInto('orgs')
    .values({ name: 'Writer thread', slug: `writer-thread-${randomUUID().slice(0, 8)}`, apps: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  orgId = org.id;
}, 60_000);

afterAll(async () => {
  await database.close();
  await server.drop();
});

/** The main thread's writer, counting the batches it is given. */
function countingFallback() {
  const here = new TelemetryWriter(database.db);
  const counted = {
    batches: 0,
    writeRuns(runs: readonly PointRun[]) {
      counted.batches++;
      return here.writeRuns(runs);
    },
  };
  return counted;
}

/** A sensor's minute of readings, one a second, on two parameters. */
function minuteOfSensor(sensorId: string, start: number): PointRun[] {
  const ts = Array.from({ length: 60 }, (_, i) => start + i * 1000);
  return [
    { orgId, sensorId, paramKey: 'temp', ts, values: ts.map((_, i) => 20 + i / 4) },
    {
      orgId,
      sensorId,
      paramKey: 'rpm',
      ts: new Float64Array(ts),
      values: new Float64Array(ts.map(() => 1500)),
    },
  ];
}

async function stored(sensorId: string) {
  const raw = await sql<{ n: number; sum: number }>`
    select count(*)::int as n, coalesce(sum(value), 0)::float8 as sum from telemetry where sensor_id = ${sensorId}`.execute(
    database.db,
  );
  const minutes = await sql<{ param_key: string; count: number; max: number }>`
    select param_key, count::int as count, max from telemetry_1m where sensor_id = ${sensorId} order by param_key`.execute(
    database.db,
  );
  return { raw: raw.rows[0], minutes: minutes.rows };
}

/** The writer thread's connections to the test database (the main pool's are idle or absent). */
async function threadConnections(): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db);
  return result.rows[0]?.n ?? 0;
}

describe('TelemetryWriterThread', () => {
  it('stores a batch in its thread, rollups included, and counts a redelivered batch as nothing new', async () => {
    const fallback = countingFallback();
    const thread = new TelemetryWriterThread(server.url, fallback);
    try {
      const sensorId = randomUUID();
      const runs = minuteOfSensor(sensorId, Date.UTC(2026, 10, 2, 8, 0));
      expect(await thread.writeRuns(runs)).toEqual({ inserted: 120 });
      // The times it found stored come back across the thread, for ingest to tell the device.
      const again = await thread.writeRuns(runs);
      expect(again.inserted).toBe(0);
      const storedTimes = [...(again.taken?.stored.values() ?? [])].flat();
      expect(storedTimes).toHaveLength(120);
      expect(await stored(sensorId)).toEqual({
        raw: { n: 120, sum: 60 * 20 + (59 * 60) / 2 / 4 + 60 * 1500 },
        minutes: [
          { param_key: 'rpm', count: 60, max: 1500 },
          { param_key: 'temp', count: 60, max: 20 + 59 / 4 },
        ],
      });
      expect(fallback.batches).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it("brings a failed write's error back to the caller, and writes nothing of that batch", async () => {
    const thread = new TelemetryWriterThread(server.url, countingFallback());
    try {
      const sensorId = randomUUID();
      const runs: PointRun[] = [
        { orgId, sensorId, paramKey: 'temp', ts: [Date.UTC(2026, 10, 2)], values: [1] },
        { orgId, sensorId, paramKey: 'r\u0000pm', ts: [Date.UTC(2026, 10, 2, 1)], values: [2] },
      ];
      // PostgreSQL refuses the NUL: its error arrives with its message and code, as on the main thread.
      await expect(thread.writeRuns(runs)).rejects.toMatchObject({
        message: expect.stringMatching(/invalid byte sequence/),
        code: '22021',
      });
      expect((await stored(sensorId)).raw).toEqual({ n: 0, sum: 0 });
    } finally {
      await thread.close();
    }
  });

  it('writes the batches of a thread that died on the main thread, and every batch after', async () => {
    const fallback = countingFallback();
    const thread = new TelemetryWriterThread(server.url, fallback);
    try {
      const first = randomUUID();
      await thread.writeRuns(minuteOfSensor(first, Date.UTC(2026, 10, 2, 9, 0)));
      expect(fallback.batches).toBe(0);
      // The thread ends as if it had crashed, with a batch on its way to it.
      const dying = (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      const second = randomUUID();
      const held = thread.writeRuns(minuteOfSensor(second, Date.UTC(2026, 10, 2, 9, 1)));
      await dying;
      expect(await held).toEqual({ inserted: 120 });
      const third = randomUUID();
      expect(await thread.writeRuns(minuteOfSensor(third, Date.UTC(2026, 10, 2, 9, 2)))).toEqual({
        inserted: 120,
      });
      expect(fallback.batches).toBe(2);
      for (const sensorId of [first, second, third]) expect((await stored(sensorId)).raw?.n).toBe(120);
    } finally {
      await thread.close();
    }
  });

  it('ends its connections on close', async () => {
    const before = await threadConnections();
    const thread = new TelemetryWriterThread(server.url, countingFallback());
    await thread.writeRuns(minuteOfSensor(randomUUID(), Date.UTC(2026, 10, 2, 10, 0)));
    expect(await threadConnections()).toBeGreaterThan(before);
    await thread.close();
    await expect.poll(threadConnections, { timeout: 5_000 }).toBe(before);
  });
});
