/**
 * bench:alerts' rules: one probe rule that fires on the probe sensor's value past 1,000 (and clears
 * below it), and RULES - 1 rules over the fleet that read its parameters and never fire (the fleet's
 * values wander between 20 and 80, the probe's go to 1,500): mostly one sensor each, some over the whole sensor type or the
 * bench asset, in every kind of condition the evaluator knows, so each reading meets the work a busy
 * organization's rules give it.
 */
import { RULES_EXPORT_FORMAT, type RuleBody } from '@ferrite/contracts';
import type { FerriteApi } from '../packages/simulator/src/index';
import type { BenchFleet } from './ingestSetup';

export const PROBE_RULE = 'Bench probe over 1000';
export const PROBE_PARAM = 'temperature';

export interface RuleTargets {
  typeId: string;
  assetId: string;
  probeSensorId: string;
  adminId: string;
}

/** The n-th filler rule's condition: comparisons, bands, rates, groups and CEL in turn, none ever true. */
function fillerCondition(n: number, params: string[]): RuleBody['data']['condition'] {
  const param = params[n % params.length] as string;
  const other = params[(n + 1) % params.length] as string;
  switch (n % 6) {
    case 0:
      return { op: 'gt', param, value: 5_000 + n };
    case 1:
      return { op: 'outside', param, min: -10_000, max: 10_000 };
    case 2:
      return { op: 'rate', param, direction: 'rise', amount: 4_000, window_s: 300 };
    case 3:
      return {
        op: 'all',
        conditions: [
          { op: 'gt', param, value: 6_000 },
          { op: 'lt', param: other, value: -6_000 },
        ],
      };
    case 4:
      return { op: 'expression', expression: `${param} > 9000.0 || ${other} < -9000.0` };
    default:
      return {
        op: 'any',
        conditions: [
          { op: 'between', param, min: 7_000, max: 8_000 },
          { op: 'lte', param: other, value: -50 },
        ],
      };
  }
}

/** The probe rule and RULES - 1 fillers, as an export file the import call takes. */
export function benchRules(fleet: BenchFleet, targets: RuleTargets, count: number): RuleBody[] {
  const sensors = fleet.gateways.flatMap((gateway) => gateway.sensorIds);
  const recipients = { user_ids: [targets.adminId], group_ids: [], addresses: [] };
  const rules: RuleBody[] = [
    {
      rule_name: PROBE_RULE,
      severity: 'critical',
      data: {
        scope: { kind: 'sensor', sensor_id: targets.probeSensorId },
        condition: { op: 'gt', param: PROBE_PARAM, value: 1_000 },
        for_s: 0,
        clear: { kind: 'inverse' },
        schedule: null,
      },
      media: ['in_app'],
      recipients,
      policy: { name: 'Bench', group_wait_s: 0, group_interval_s: 0, repeat_interval_s: 0, escalation: [] },
    },
  ];
  for (let n = 1; n < count; n++) {
    const scope =
      n % 20 === 0
        ? { kind: 'sensor_type' as const, type_id: targets.typeId }
        : n % 20 === 10
          ? { kind: 'asset' as const, asset_id: targets.assetId }
          : { kind: 'sensor' as const, sensor_id: sensors[n % sensors.length] as string };
    rules.push({
      rule_name: `Bench rule ${n}`,
      severity: (['major', 'minor', 'warning', 'info'] as const)[n % 4] ?? 'info',
      data: {
        scope,
        condition: fillerCondition(n, fleet.params),
        for_s: n % 3 === 0 ? 300 : 0,
        clear: { kind: 'inverse' },
        schedule: null,
      },
      media: ['in_app'],
      recipients,
    });
  }
  return rules;
}

/** Imports the rules through the API, a thousand at a time. */
export async function importRules(api: FerriteApi, orgId: string, rules: RuleBody[]): Promise<void> {
  for (let start = 0; start < rules.length; start += 1_000) {
    await api.post(`/alert/orgs/${orgId}/rules/import`, {
      format: RULES_EXPORT_FORMAT,
      rules: rules.slice(start, start + 1_000),
    });
  }
}
