/**
 * What a rule's transitions do to alerts: firing raises one through the lifecycle's `raiseAlert` (the
 * dedupe key by the rule's grouping, the message template filled), clearing clears it unless another
 * sensor under the same alert still fires.
 */
import { describeCondition } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import type { SensorInfo } from '../../entityManager';
import { clearAlert, raiseAlert } from '../lifecycle/raise';
import type { ActiveRule } from './ruleIndex';
import { othersFiring } from './stateStore';

/** The reading that fired a rule. */
export interface Trigger {
  param: string | null;
  value: number | null;
  /** Its data time (epoch ms). */
  ts: number;
}

/** One open alert per rule, per sensor or per asset (the sensor's parent), as the rule groups them. */
export function dedupeKeyOf(rule: Pick<ActiveRule, 'id' | 'grouping'>, sensor: SensorInfo): string {
  if (rule.grouping === 'rule') return `rule:${rule.id}`;
  if (rule.grouping === 'asset') return `rule:${rule.id}:asset:${sensor.parentId ?? sensor.id}`;
  return `rule:${rule.id}:sensor:${sensor.id}`;
}

/** The rule's message with its placeholders ({{rule}}, {{sensor}}, {{value}} …) filled. */
export function fillMessage(
  rule: ActiveRule,
  sensor: SensorInfo,
  trigger: Trigger,
  threshold: string,
): string {
  const values: Record<string, string> = {
    rule: rule.name,
    severity: rule.severity,
    sensor: sensor.name,
    asset_path: sensor.assetPath,
    param: trigger.param ?? '',
    value: trigger.value === null ? '' : String(trigger.value),
    threshold,
    time: new Date(trigger.ts).toISOString(),
  };
  return rule.message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Raises the rule's alert for the sensor; answers the alert's id (null when the lifecycle gave none). */
export async function fireAlert(
  deps: AppDeps,
  rule: ActiveRule,
  sensor: SensorInfo,
  trigger: Trigger,
  firedAt: Date,
): Promise<string | null> {
  const threshold = describeCondition(rule.data.condition);
  const dedupeKey = dedupeKeyOf(rule, sensor);
  const raised = await raiseAlert(deps, {
    orgId: rule.orgId,
    app: 'alerts',
    dedupeKey,
    groupKey: dedupeKey,
    ruleId: rule.id,
    severity: rule.severity,
    description: fillMessage(rule, sensor, trigger, threshold),
    policy: rule.policy,
    media: rule.media,
    recipients: rule.recipients,
    entity: {
      kind: 'sensor',
      id: sensor.id,
      name: sensor.name,
      path: `${sensor.assetPath} / ${sensor.name}`,
    },
    paramKey: trigger.param,
    value: trigger.value,
    threshold,
    triggeredAt: new Date(trigger.ts),
    firedAt,
  });
  return raised?.alert.id ?? null;
}

/** Clears the rule's alert for the sensor, unless another sensor of the same alert still fires. */
export async function clearRuleAlert(
  deps: AppDeps,
  rule: ActiveRule,
  sensor: SensorInfo,
  at: Date,
  reason: string,
): Promise<void> {
  if (await othersFiring(deps.db, rule.id, sensor.id, sensor.parentId, rule.grouping)) return;
  await clearAlert(deps, { orgId: rule.orgId, dedupeKey: dedupeKeyOf(rule, sensor), at, reason });
}
