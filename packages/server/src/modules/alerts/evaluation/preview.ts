/**
 * The rule editor's live preview: the condition on each covered sensor's latest stored values (up to
 * PREVIEW_SENSORS), with the scope checked to be the organization's.
 */
import type { RuleData, RulePreview } from '@ferrite/contracts';
import { conditionLeaves } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { unprocessable } from '../../../platform/http/problem';
import { isoOfTime } from '../../../platform/isoTime';
import { latestValues } from '../../../telemetry/repository';
import { SensorDirectory } from '../../entityManager';
import { evaluateCondition, type Point } from './conditions';
import { coveredSensors, scopeExists } from './coverage';
import { expressionProblem } from './expressions';

export const PREVIEW_SENSORS = 50;

/** Refuses a scope outside the organization (422 naming the field) and expressions that do not parse. */
export async function checkRuleData(deps: AppDeps, orgId: string, data: RuleData): Promise<void> {
  const scopeField =
    data.scope.kind === 'sensor' ? 'sensor_id' : data.scope.kind === 'sensor_type' ? 'type_id' : 'asset_id';
  const errors = [];
  if (!(await scopeExists(deps.db, orgId, data.scope)))
    errors.push({
      path: `body.data.scope.${scopeField}`,
      message: `No such ${data.scope.kind.replace('_', ' ')} in this organization`,
    });
  for (const leaf of conditionLeaves(data.condition)) {
    if (leaf.op !== 'expression') continue;
    const problem = expressionProblem(leaf.expression);
    if (problem) errors.push({ path: 'body.data.condition', message: `Expression: ${problem}` });
  }
  if (errors.length) throw unprocessable(errors);
}

/** The condition against the covered sensors' latest values. */
export async function previewRule(
  deps: AppDeps,
  orgId: string,
  data: RuleData,
  now: Date,
): Promise<RulePreview> {
  await checkRuleData(deps, orgId, data);
  const { ids, total } = await coveredSensors(deps.db, orgId, data.scope, PREVIEW_SENSORS);
  const infos = await new SensorDirectory(deps.db).resolve(ids);
  const sensors: RulePreview['sensors'] = [];
  for (const id of ids) {
    const info = infos.get(id);
    if (!info) continue;
    const latest = await latestValues(deps.db, orgId, id);
    const values = new Map<string, Point>(latest.map((one) => [one.param_key, { v: one.value, ts: one.ts }]));
    sensors.push({
      sensor_id: id,
      sensor_name: info.name,
      asset_path: info.assetPath,
      values: Object.fromEntries(
        latest.map((one) => [one.param_key, { value: one.value, ts: isoOfTime(one.ts) }]),
      ),
      matches: evaluateCondition(data.condition, { at: now.getTime(), values }),
    });
  }
  return { sensors, covered_sensors: total };
}
