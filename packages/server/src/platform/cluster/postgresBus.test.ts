/**
 * The PostgreSQL bus after its listening connection is cut (PostgreSQL pass only: POSTGRES_ONLY in
 * vitest.config.ts): it connects again, tells its subscribers they may have missed messages, and hears
 * the next ones.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServerDatabase } from '../../testing/testDatabase';
import type { Database } from '../db/schema';
import { createLogger } from '../http/logging';
import type { BusDelivery } from './clusterBus';
import { PostgresBus } from './postgresBus';

const log = createLogger('silent');
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let nodeA: PostgresBus;
let nodeB: PostgresBus;

beforeAll(async () => {
  database = await createServerDatabase(process.env.TEST_DATABASE_URL as string);
  nodeA = await PostgresBus.open(database.url, log);
  nodeB = await PostgresBus.open(database.url, log);
});

afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
  await database.drop();
});

it('tells subscribers what they may have missed once a cut connection is back, and hears the next messages', async () => {
  const heard: BusDelivery[] = [];
  let missed = 0;
  let wake = () => {};
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => (wake = resolve));
  };
  let missedOnA = 0;
  nodeA.subscribe('ferrite_test_cut', {
    message: () => undefined,
    missed: () => {
      missedOnA += 1;
      wake();
    },
  });
  nodeB.subscribe('ferrite_test_cut', {
    message: (delivery) => {
      heard.push(delivery);
      wake();
    },
    missed: () => {
      missed += 1;
      wake();
    },
  });
  await nodeB.listening();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'ferrite-bus' and datname = current_database()`,
  );
  await admin.end();
  await until(() => missed > 0 && missedOnA > 0);
  await nodeA.publish('ferrite_test_cut', 'after the cut');
  await until(() => heard.length === 1);
  expect(heard).toEqual([{ payload: 'after the cut', local: false }]);
});

it('sends through the pool while its own connection is down', async () => {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }),
  });
  const sender = await PostgresBus.open(database.url, log, db);
  const heard: unknown[] = [];
  let wake = () => {};
  nodeB.subscribe('ferrite_test_pool', {
    message: (delivery) => {
      heard.push(delivery.payload);
      wake();
    },
  });
  await nodeB.listening();
  // Its connection gone for good (no reconnection once closed): only the pool remains.
  await sender.close();
  await sender.publish('ferrite_test_pool', 'through the pool');
  while (heard.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  expect(heard).toEqual(['through the pool']);
  await db.destroy();
});
