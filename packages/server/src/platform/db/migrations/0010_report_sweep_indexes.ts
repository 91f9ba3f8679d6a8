/**
 * The report sweep asks every few minutes for the oldest 'ready' reports (by finished_at) and the oldest
 * 'rendering' ones (by created_at). Expired and failed rows stay for good (a late click on a mailed link
 * is told the report expired), so without these the sweep would read every report ever made; partial
 * indexes hold only the few rows still in those two states.
 */
import { type Kysely, sql } from 'kysely';

/** Creates the two partial indexes the report sweep reads. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index dashboard_reports_ready_idx on dashboard_reports (finished_at) where status = 'ready'`.execute(
    db,
  );
  await sql`create index dashboard_reports_rendering_idx on dashboard_reports (created_at) where status = 'rendering'`.execute(
    db,
  );
}
