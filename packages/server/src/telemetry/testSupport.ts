/** Test support for telemetry: a database with an organization, seeded numbers, a rollup's rows. */
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle, Db } from '../platform/db/database';
import { openTestDatabase } from '../testing/testDatabase';
import type { RollupTable } from './rollups';

/** A fresh test database (testDatabase.ts) holding one organization of this name. */
export async function openDatabaseWithOrg(
  name: string,
): Promise<{ database: DatabaseHandle; orgId: string }> {
  const database = await openTestDatabase();
  const org = await database.db
    .insertInto('orgs')
    .values({ name, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`, apps: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { database, orgId: org.id };
}

/** Seeded pseudo-random numbers, so a failure replays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A sensor's rows of one rollup, by parameter and bucket, with times as ISO strings. */
export async function rollupRows(db: Db, table: RollupTable, sensorId: string) {
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where('sensor_id', '=', sensorId)
    .orderBy('param_key')
    .orderBy('bucket')
    .execute();
  return rows.map((r) => ({
    param_key: r.param_key,
    bucket: new Date(r.bucket).toISOString(),
    count: Number(r.count),
    sum: r.sum,
    min: r.min,
    max: r.max,
    first: [new Date(r.first_ts).toISOString(), r.first_value],
    last: [new Date(r.last_ts).toISOString(), r.last_value],
  }));
}
