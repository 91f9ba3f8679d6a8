/**
 * Dashboard reports: one row per report asked for (members and link holders), so the per-organization
 * throttle counts what every node made, a render token can be checked against the report while it is
 * drawn, and a signed download link finds its file. The file itself lives in the blob store.
 */
import { type Kysely, sql } from 'kysely';

/** Creates dashboard_reports. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('dashboard_id', 'uuid', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
    .addColumn('panel_id', 'uuid', (c) => c.references('dashboard_panels.id').onDelete('set null'))
    // 'member' (a member's call) or 'link' (a link holder's call, through link_id).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('link_id', 'uuid', (c) => c.references('dashboard_exports.id').onDelete('set null'))
    .addColumn('format', 'text', (c) => c.notNull())
    // 'rendering' while Chromium draws it (its render token works only then), then 'ready' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('rendering'))
    .addColumn('blob_key', 'text')
    .addColumn('size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // The throttle counts an organization's reports of the last minute.
  await db.schema
    .createIndex('dashboard_reports_org_idx')
    .on('dashboard_reports')
    .columns(['org_id', 'created_at'])
    .execute();
}
