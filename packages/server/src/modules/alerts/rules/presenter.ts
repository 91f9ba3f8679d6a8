/** Rules as the API shows them: the scope in words with names, how many sensors it covers now, open alerts. */
import type {
  AlertGrouping,
  AlertMedium,
  AlertRule,
  AlertSeverity,
  RuleInput,
  RuleScope,
} from '@ferrite/contracts';
import { iso } from '../../../platform/isoTime';
import type { ListedRule, RuleRepository, RuleRow } from './repository';

/** The scope in words: "Sensor P-101 bearing", "Every sensor of type Pump", "Everything under Hall A". */
export function scopeLabel(scope: RuleScope, names: ReadonlyMap<string, string>): string {
  if (scope.kind === 'sensor') return `Sensor ${names.get(scope.sensor_id) ?? '(deleted)'}`;
  if (scope.kind === 'sensor_type') return `Every sensor of type ${names.get(scope.type_id) ?? '(deleted)'}`;
  return `Everything under ${names.get(scope.asset_id) ?? '(deleted)'}`;
}

/** Rules in the given order, each with its label, coverage and open alerts. */
export async function presentRules(
  repo: RuleRepository,
  orgId: string,
  rows: ListedRule[],
): Promise<AlertRule[]> {
  const entityIds = new Set<string>();
  const typeIds = new Set<string>();
  for (const row of rows) (row.scope_kind === 'sensor_type' ? typeIds : entityIds).add(row.scope_id);
  const [names, covered] = await Promise.all([
    repo.namesOf(orgId, [...entityIds], [...typeIds]),
    Promise.all(rows.map((row) => repo.coveredCount(orgId, row.data.scope))),
  ]);
  return rows.map((row, index) => ({
    id: row.id,
    rule_name: row.rule_name,
    description: row.description,
    severity: row.severity as AlertSeverity,
    enabled: row.enabled,
    message: row.message,
    data: row.data,
    policy: row.policy,
    grouping: row.grouping as AlertGrouping,
    media: row.media as AlertMedium[],
    recipients: row.recipients,
    actions: row.actions,
    scope_label: scopeLabel(row.data.scope, names),
    covered_sensors: covered[index] ?? 0,
    open_alerts: row.open_alerts,
    archived: row.archived_at !== null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by:
      row.created_by && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
  }));
}

/** A stored rule as a body again (export: what an import takes back). */
export function ruleAsBody(row: RuleRow): RuleInput {
  return {
    rule_name: row.rule_name,
    description: row.description,
    severity: row.severity as AlertSeverity,
    enabled: row.enabled,
    message: row.message,
    data: row.data,
    policy: row.policy,
    grouping: row.grouping as AlertGrouping,
    media: row.media as AlertMedium[],
    recipients: row.recipients,
    actions: row.actions,
  };
}
