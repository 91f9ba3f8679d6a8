/** Retention: an organization's telemetry past its retention deleted, by hand and by the hourly sweep. */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../platform/db/database';
import { pruneTelemetry } from './repository';
import { retentionJob, retentionSweeper } from './retention';
import type { RollupTable } from './rollups';
import { openDatabaseWithOrg, rollupRows } from './testSupport';
import { TelemetryWriter } from './writer';

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

/** An organization whose telemetry is kept two days. */
function orgKeepingTwoDays(name: string) {
  return db
    .insertInto('orgs')
    .values({
      name,
      slug: `retention-${randomUUID().slice(0, 8)}`,
      apps: '[]',
      limits: JSON.stringify({ users: 5, gateways: 1, data_retention_days: 2 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('pruneTelemetry', () => {
  it("deletes raw points and rollups older than the organization's retention, whole six hours only", async () => {
    const org = await orgKeepingTwoDays('Short memory');
    const sensorId = randomUUID();
    const writer = new TelemetryWriter(db);
    const point = (iso: string, o = org.id, s = sensorId) => ({
      orgId: o,
      sensorId: s,
      paramKey: 'x',
      ts: at(iso),
      value: 1,
    });
    const otherSensor = randomUUID();
    await writer.write([
      point('2026-05-01T05:59:00Z'),
      point('2026-05-01T06:10:00Z'), // inside the cut-off's six hours: kept
      point('2026-05-02T12:00:00Z'),
      point('2026-04-01T00:00:00Z', orgId, otherSensor), // another organization's: untouched
    ]);
    const result = await pruneTelemetry(db, org.id, at('2026-05-03T09:30:00Z'));
    expect(result).toEqual({
      cutoff: at('2026-05-01T06:00:00Z'),
      raw: 1,
      rollups: { telemetry_1m: 1, telemetry_1h: 1, telemetry_6h: 1 },
    });
    const left = await db
      .selectFrom('telemetry')
      .select('ts')
      .where('sensor_id', '=', sensorId)
      .orderBy('ts')
      .execute();
    expect(left.map((r) => new Date(r.ts).toISOString())).toEqual([
      '2026-05-01T06:10:00.000Z',
      '2026-05-02T12:00:00.000Z',
    ]);
    expect(await rollup('telemetry_1h', otherSensor)).toHaveLength(1);
  });
});

describe('retention sweep', () => {
  it('prunes every organization past its retention as of the time it is given', async () => {
    const org = await orgKeepingTwoDays('Two days');
    const sensorId = randomUUID();
    const writer = new TelemetryWriter(db);
    const point = (iso: string) => ({ orgId: org.id, sensorId, paramKey: 'x', ts: at(iso), value: 1 });
    const stored = async () =>
      (
        await db
          .selectFrom('telemetry')
          .select('ts')
          .where('sensor_id', '=', sensorId)
          .orderBy('ts')
          .execute()
      ).map((row) => new Date(row.ts).toISOString());
    await writer.write([point('2026-08-01T00:00:00Z'), point('2026-08-09T12:00:00Z')]);
    const sweep = retentionSweeper({ db, log: pino({ level: 'silent' }) });

    await sweep(at('2026-08-10T12:00:00Z'));
    expect(await stored()).toEqual(['2026-08-09T12:00:00.000Z']);
    expect(await rollup('telemetry_6h', sensorId)).toHaveLength(1);

    // A later sweep catches up with what has aged past the retention since.
    await sweep(at('2026-08-12T13:00:00Z'));
    expect(await stored()).toEqual([]);
  });

  it('runs hourly as a job, as of the time it runs, then runs what follows it', async () => {
    const org = await orgKeepingTwoDays('Two days, hourly');
    const sensorId = randomUUID();
    const now = Date.now();
    await new TelemetryWriter(db).write(
      [now - 10 * 24 * 3_600_000, now - 3_600_000].map((ms) => ({
        orgId: org.id,
        sensorId,
        paramKey: 'x',
        ts: new Date(ms),
        value: 1,
      })),
    );
    const followed: number[] = [];
    const job = retentionJob({ db, log: pino({ level: 'silent' }) }, async () => {
      const left = await db.selectFrom('telemetry').select('ts').where('sensor_id', '=', sensorId).execute();
      followed.push(left.length);
    });
    expect(job).toMatchObject({ name: 'telemetry.retention', cron: '7 * * * *' });

    await job.run({}, { id: 'tick', retryCount: 0 });
    // The follower ran after the sweep: it saw only the recent point left.
    expect(followed).toEqual([1]);
  });
});
