/**
 * The one way any app raises and clears an alert. One open alert per key and organization: the insert
 * loses quietly on the partial unique index when another node raised the same key at the same moment,
 * and answers the alert that won. Live events and listeners (notifications, automation) run after commit.
 */
import type { AlertMedium, AlertSeverity, AppKey, Recipients, RulePolicy } from '@ferrite/contracts';
import type { Selectable } from 'kysely';
import type { AlertsTable } from '../../../platform/db/alertTables';
import type { AppDeps } from '../../../platform/http/deps';
import { afterAlertChange } from './announce';
import { AlertRepository } from './repository';

export type AlertRow = Selectable<AlertsTable>;

export interface RaiseInput {
  orgId: string;
  /** The app raising it (contracts APP_KEYS). */
  app: AppKey;
  /** One open alert per key and organization: a second raise while one is open changes nothing. */
  dedupeKey: string;
  /** Alerts sharing a group key are notified together (defaults to the dedupe key). */
  groupKey?: string;
  ruleId?: string | null;
  severity: AlertSeverity;
  description: string;
  policy?: RulePolicy | null;
  media?: AlertMedium[];
  recipients?: Recipients | null;
  entity?: { kind: 'sensor' | 'asset' | 'gateway'; id: string; name: string; path: string } | null;
  paramKey?: string | null;
  value?: number | null;
  threshold?: string | null;
  /** The data point's own time (the chart marks it there). */
  triggeredAt?: Date | null;
  /** When it fired (default now; a test clock passes its own). */
  firedAt?: Date;
}

export interface ClearInput {
  orgId: string;
  dedupeKey: string;
  at?: Date;
  /** Why, for the timeline ("back to 6.2", "gateway back online"). */
  reason?: string;
}

/** Raises an alert unless one is open for the key; answers it and whether this call created it. */
export async function raiseAlert(
  deps: AppDeps,
  input: RaiseInput,
): Promise<{ alert: AlertRow; created: boolean } | null> {
  const firedAt = input.firedAt ?? new Date();
  const repo = new AlertRepository(deps.db);
  const created = await repo.transaction(async (trx) => {
    const row = await trx.insertOpen({
      org_id: input.orgId,
      rule_id: input.ruleId ?? null,
      app: input.app,
      status: 'active',
      severity: input.severity,
      policy_name: input.policy?.name ?? '',
      policy: JSON.stringify(input.policy ?? {}),
      description: input.description,
      media: JSON.stringify(input.media ?? ['in_app']),
      recipient_spec: JSON.stringify(input.recipients ?? {}),
      entity_kind: input.entity?.kind ?? null,
      entity_id: input.entity?.id ?? null,
      entity_name: input.entity?.name ?? null,
      entity_path: input.entity?.path ?? null,
      param_key: input.paramKey ?? null,
      value: input.value ?? null,
      threshold: input.threshold ?? null,
      triggered_at: input.triggeredAt ?? null,
      dedupe_key: input.dedupeKey,
      group_key: input.groupKey ?? input.dedupeKey,
      fired_at: firedAt,
      updated_at: firedAt,
    });
    if (row) await trx.addEvent(input.orgId, row.id, 'fired', null, input.description, firedAt);
    return row;
  });
  if (created) {
    await afterAlertChange(deps, created, 'fired');
    return { alert: created, created: true };
  }
  // Another raise holds the key open: that alert stands (null when it closed again in between).
  const open = await repo.findOpen(input.orgId, input.dedupeKey);
  return open ? { alert: open, created: false } : null;
}

/** Clears the open alert for the key, if any; answers it. */
export async function clearAlert(deps: AppDeps, input: ClearInput): Promise<AlertRow | null> {
  const at = input.at ?? new Date();
  const cleared = await new AlertRepository(deps.db).transaction(async (trx) => {
    const open = await trx.findOpen(input.orgId, input.dedupeKey);
    if (!open) return null;
    const locked = await trx.findForUpdate(input.orgId, open.id);
    // A concurrent clear or a person's step got there first.
    if (!locked || (locked.status !== 'active' && locked.status !== 'acknowledged')) return null;
    const row = await trx.update(input.orgId, open.id, { status: 'cleared', cleared_at: at });
    await trx.addEvent(input.orgId, open.id, 'cleared', null, input.reason ?? '', at);
    return row;
  });
  if (cleared) await afterAlertChange(deps, cleared, 'cleared');
  return cleared;
}
