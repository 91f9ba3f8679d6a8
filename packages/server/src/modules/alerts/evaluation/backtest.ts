/**
 * The backtest: when a rule would have fired and cleared over the last days, replaying each covered
 * sensor's 1-minute averages (telemetry_1m) through the same condition, clear and state machine as live
 * evaluation, pending duration and schedule included. Bounded: at most BACKTEST_SENSORS sensors, one
 * sensor's minutes in memory at a time, at most BACKTEST_FIRINGS firings listed.
 */
import { conditionParams, type RuleBacktest, type RuleData } from '@ferrite/contracts';
import type { AppDeps } from '../../../platform/http/deps';
import { SensorDirectory } from '../../entityManager';
import { evaluateCondition, type Point, prepareConditions } from './conditions';
import { coveredSensors } from './coverage';
import { checkRuleData } from './preview';
import { RateHistory } from './rateHistory';
import { isScheduleActive } from './schedule';
import { type RuleState, step } from './stateMachine';

export const BACKTEST_SENSORS = 50;
export const BACKTEST_FIRINGS = 1_000;
const DAY_MS = 86_400_000;

/** Replays the last `days` of history through the rule. */
export async function backtestRule(
  deps: AppDeps,
  orgId: string,
  data: RuleData,
  days: number,
  now: Date,
): Promise<RuleBacktest> {
  await checkRuleData(deps, orgId, data);
  const to = now.getTime();
  const from = to - days * DAY_MS;
  const { ids } = await coveredSensors(deps.db, orgId, data.scope, BACKTEST_SENSORS);
  const infos = await new SensorDirectory(deps.db).resolve(ids);
  const prepared = prepareConditions(data.condition, data.clear);
  const readsAny = JSON.stringify(data.condition).includes('"expression"');
  const params = readsAny
    ? null
    : [
        ...new Set([
          ...conditionParams(data.condition),
          ...(data.clear.kind === 'condition' ? conditionParams(data.clear.condition) : []),
        ]),
      ];
  const result: RuleBacktest = {
    from: new Date(from).toISOString(),
    to: now.toISOString(),
    firings: [],
    sensors: [],
    evaluated_points: 0,
  };
  for (const id of ids) {
    const info = infos.get(id);
    if (!info) continue;
    let query = deps.db
      .selectFrom('telemetry_1m')
      .select(['param_key', 'bucket', 'sum', 'count'])
      .where('org_id', '=', orgId)
      .where('sensor_id', '=', id)
      .where('bucket', '>=', new Date(from))
      .where('bucket', '<', new Date(to));
    if (params) query = query.where('param_key', 'in', params.length ? params : ['']);
    const rows = await query.orderBy('bucket').orderBy('param_key').execute();
    const values = new Map<string, Point>();
    const history = new RateHistory();
    const keepMs = rateWindowMs(data);
    let state: RuleState = { state: 'ok', since: null };
    let firings = 0;
    for (const row of rows) {
      const at = new Date(row.bucket).getTime();
      const point = { v: Number(row.sum) / Math.max(1, Number(row.count)), ts: at };
      values.set(row.param_key, point);
      if (keepMs > 0) history.note(id, row.param_key, point, keepMs);
      result.evaluated_points++;
      const input = { at, values, valueAt: (param: string, ts: number) => history.valueAt(id, param, ts) };
      const matched = evaluateCondition(data.condition, input);
      const clears = state.state === 'firing' && prepared.clears(input, matched);
      const active = isScheduleActive(data.schedule, at);
      const { next, event } = step(state, { matched, clears, at, forS: data.for_s, active });
      state = next;
      if (event === 'fire') {
        firings++;
        if (result.firings.length < BACKTEST_FIRINGS)
          result.firings.push({
            sensor_id: id,
            sensor_name: info.name,
            fired_at: new Date(at).toISOString(),
            cleared_at: null,
            value: point.v,
          });
      } else if (event === 'clear') {
        const open = result.firings.findLast(
          (firing) => firing.sensor_id === id && firing.cleared_at === null,
        );
        if (open) open.cleared_at = new Date(at).toISOString();
      }
    }
    result.sensors.push({ sensor_id: id, sensor_name: info.name, firings });
  }
  result.firings.sort((a, b) => a.fired_at.localeCompare(b.fired_at));
  return result;
}

function rateWindowMs(data: RuleData): number {
  const text = JSON.stringify(data.condition);
  if (!text.includes('"rate"')) return 0;
  const windows = [...text.matchAll(/"window_s":(\d+)/g)].map((match) => Number(match[1]));
  return Math.max(0, ...windows) * 1_000;
}
