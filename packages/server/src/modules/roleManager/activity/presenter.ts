/** Activity row → contract DTO. */
import type { ActivityEntry, AppKey } from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { ActivityRow } from './repository';

/** An activity entry as the API answers it; the actor is null once their account is gone. */
export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: String(row.id),
    actor:
      row.actor_id && row.actor_name !== null && row.actor_email !== null
        ? { id: row.actor_id, name: row.actor_name, email: row.actor_email }
        : null,
    // Entries are only ever written with an AppKey (see platform/audit/activity.ts).
    app: row.app as AppKey,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: iso(row.created_at),
  };
}
