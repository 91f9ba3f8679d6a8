/** Alert rows as the API shows them (contracts `Alert`, `AlertEvent`, `AlertNotification`). */
import type {
  Alert,
  AlertEvent,
  AlertEventKind,
  AlertMedium,
  AlertNotification,
  AlertSeverity,
  AlertStatus,
  AppKey,
  NotificationStatus,
} from '@ferrite/contracts';
import type { Selectable } from 'kysely';
import type { AlertNotificationsTable } from '../../../platform/db/alertTables';
import { iso, isoOrNull } from '../../../platform/isoTime';
import type { PresentableAlert } from './repository';

const person = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

/** One alert, with its rule and people by name. */
export function presentAlert(row: PresentableAlert): Alert {
  const entity =
    row.entity_kind && row.entity_id
      ? {
          kind: row.entity_kind as 'sensor' | 'asset' | 'gateway',
          id: row.entity_id,
          name: row.entity_name ?? '',
          path: row.entity_path ?? '',
        }
      : null;
  return {
    id: row.id,
    alert_rule: row.rule_id && row.rule_name !== null ? { id: row.rule_id, rule_name: row.rule_name } : null,
    time: iso(row.fired_at),
    app: row.app as AppKey,
    status: row.status as AlertStatus,
    archived: row.archived_at !== null,
    communication_medium: row.media as AlertMedium[],
    recipients: row.told,
    severity: row.severity as AlertSeverity,
    policy_name: row.policy_name,
    description: row.description,
    entity,
    param_key: row.param_key,
    value: row.value,
    triggered_at: isoOrNull(row.triggered_at),
    threshold: row.threshold,
    acknowledged_at: isoOrNull(row.acknowledged_at),
    acknowledged_by: person(row.acknowledged_by, row.acknowledged_by_name),
    cleared_at: isoOrNull(row.cleared_at),
    resolved_at: isoOrNull(row.resolved_at),
    assignee: person(row.assignee_id, row.assignee_name),
    snoozed_until: isoOrNull(row.snoozed_until),
    comments: row.comments,
    updated_at: iso(row.updated_at),
  };
}

/** One timeline event. */
export function presentEvent(row: {
  id: string;
  at: Date;
  kind: string;
  actor_id: string | null;
  actor_name: string | null;
  text: string;
}): AlertEvent {
  return {
    id: String(row.id),
    at: iso(row.at),
    kind: row.kind as AlertEventKind,
    actor: person(row.actor_id, row.actor_name),
    text: row.text,
  };
}

/** One notification and how its delivery went. */
export function presentNotification(row: Selectable<AlertNotificationsTable>): AlertNotification {
  return {
    id: row.id,
    medium: row.medium as AlertMedium,
    recipient: row.recipient,
    status: row.status as NotificationStatus,
    attempts: row.attempts,
    last_error: row.last_error,
    round: row.round,
    step: row.step,
    created_at: iso(row.created_at),
    sent_at: isoOrNull(row.sent_at),
  };
}
