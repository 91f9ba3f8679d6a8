/**
 * Whether a silence covers an alert at a moment: one naming its rule, its sensor, or an asset at or
 * above its entity (entities.path holds '/<root>/…/<self>/', so an ancestor's id appears in it).
 */
import { type Selectable, sql } from 'kysely';
import type { AlertSilencesTable } from '../../../platform/db/alertTables';
import type { Db } from '../../../platform/db/database';
import type { AlertRow } from '../lifecycle/raise';

export type SilenceRow = Selectable<AlertSilencesTable>;

/** The silence (ending last) that covers the alert at `at`, or null: notifications for it are muted. */
export async function activeSilenceFor(
  db: Db,
  alert: Pick<AlertRow, 'org_id' | 'rule_id' | 'entity_id'>,
  at: Date,
): Promise<SilenceRow | null> {
  const row = await db
    .selectFrom('alert_silences as s')
    .selectAll('s')
    .where('s.org_id', '=', alert.org_id)
    .where('s.starts_at', '<=', at)
    .where('s.ends_at', '>', at)
    .where((eb) => {
      const matches = [];
      if (alert.rule_id)
        matches.push(eb.and([eb('s.matcher_kind', '=', 'rule'), eb('s.matcher_id', '=', alert.rule_id)]));
      if (alert.entity_id) {
        const entityId = alert.entity_id;
        matches.push(eb.and([eb('s.matcher_kind', '=', 'sensor'), eb('s.matcher_id', '=', entityId)]));
        matches.push(
          eb.and([
            eb('s.matcher_kind', '=', 'asset'),
            eb.exists(
              eb
                .selectFrom('entities as e')
                .select('e.id')
                .where('e.org_id', '=', alert.org_id)
                .where('e.id', '=', entityId)
                .where(sql<boolean>`e.path like '%/' || s.matcher_id::text || '/%'`),
            ),
          ]),
        );
      }
      return matches.length > 0 ? eb.or(matches) : sql<boolean>`false`;
    })
    .orderBy('s.ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
