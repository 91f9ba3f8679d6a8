/**
 * TODO(issue 28): the one way any app raises and clears an alert. Interface fixed here so every part can
 * build on it; the lifecycle part fills it in.
 */
import type { AlertMedium, AlertSeverity, AppKey, Recipients, RulePolicy } from '@ferrite/contracts';
import type { Selectable } from 'kysely';
import type { AlertsTable } from '../../../platform/db/alertTables';
import type { AppDeps } from '../../../platform/http/deps';

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
  _deps: AppDeps,
  _input: RaiseInput,
): Promise<{ alert: AlertRow; created: boolean } | null> {
  return null;
}

/** Clears the open alert for the key, if any; answers it. */
export async function clearAlert(_deps: AppDeps, _input: ClearInput): Promise<AlertRow | null> {
  return null;
}
