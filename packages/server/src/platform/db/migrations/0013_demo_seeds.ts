/**
 * The demo's app seeders (seed/demo/index.ts) and which of them finished. A first start killed while
 * seeding left a partial demo that later starts took as done: the organization's creation now records
 * the seeders it plans, in its own transaction, and every start finishes those not finished. A demo
 * seeded before has no rows here, so no start touches it.
 */
import { type Kysely, sql } from 'kysely';

/** Creates demo_seeds. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_seeds')
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('seeder', 'text', (c) => c.notNull())
    .addColumn('planned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('demo_seeds_pkey', ['org_id', 'seeder'])
    .execute();
}
