/**
 * The evaluation's chores, once across nodes: pending durations that are over fire even when no reading
 * arrives (a restart seven minutes into a ten-minute condition still fires at ten), and rules on silence
 * ("no data for N") are checked on a schedule, since silence brings no reading. Both take the clock.
 */
import { sql } from 'kysely';
import type { RuleStateValues } from '../../../platform/db/alertTables';
import type { AppDeps } from '../../../platform/http/deps';
import type { JobDefinition } from '../../../platform/jobs/jobQueue';
import type { Trigger } from './alerting';
import { evaluateCondition, type Point } from './conditions';
import { scopeFilter } from './coverage';
import { type Change, evaluationOf } from './evaluation';
import { type ActiveRule, activeRuleOf, enabledRulesQuery, loadRulesById } from './ruleIndex';
import { isScheduleActive } from './schedule';
import { step } from './stateMachine';
import { dueStates, ensureStates, type StoredState } from './stateStore';

export const PENDING_DUE_JOB = 'alerts.pendingDue';
export const STALENESS_JOB = 'alerts.staleness';

/** The trigger a job reports: the rule's first parameter with a value, at that value's time. */
function triggerOf(rule: ActiveRule, values: RuleStateValues, at: number): Trigger {
  for (const key of rule.params ?? Object.keys(values)) {
    const point = values[key];
    if (point) return { param: key, value: point.v, ts: point.ts };
  }
  return { param: null, value: null, ts: at };
}

/** Fires pending states whose duration is over at `now` (their schedule active). */
export async function firePendingDue(deps: AppDeps, now: Date): Promise<number> {
  const evaluation = evaluationOf(deps);
  const due = await dueStates(deps.db, now);
  if (due.length === 0) return 0;
  const rules = await loadRulesById(deps.db, [...new Set(due.map((state) => state.ruleId))]);
  const sensors = await evaluation.sensors.resolve(
    due.map((state) => state.sensorId),
    now.getTime(),
  );
  let fired = 0;
  for (const state of due) {
    const rule = rules.get(state.ruleId);
    const sensor = sensors.get(state.sensorId);
    if (!rule || !sensor || !isScheduleActive(rule.data.schedule, now.getTime())) continue;
    const change: Change = {
      from: { state: 'pending', since: state.since },
      to: { state: 'firing', since: now.getTime() },
      event: 'fire',
      trigger: triggerOf(rule, state.lastValues, now.getTime()),
    };
    evaluation.hold(state, Date.now());
    await evaluation.apply(rule, sensor, [change], () => now);
    fired++;
  }
  return fired;
}

/** Enabled rules with a "no data" condition. */
async function silenceRules(deps: AppDeps): Promise<ActiveRule[]> {
  const rows = await enabledRulesQuery(deps.db).where(sql<boolean>`data::text like '%"no_data"%'`).execute();
  return rows.map(activeRuleOf).filter((rule) => rule.watchesSilence);
}

/**
 * A silence rule's covered sensors (at most `limit`), each with its stored state (null when never
 * evaluated) and the newest stored value of each of the rule's parameters: one statement.
 */
async function silenceFacts(deps: AppDeps, rule: ActiveRule, limit = 5_000) {
  const params = [...(rule.params ?? [])];
  const keys = params.length ? sql.join(params.map((key) => sql`(${key})`)) : sql`(null::text)`;
  const result = await sql<{ sensor_id: string; state: string | null; latest: string | null }>`
    select e.id as sensor_id, s.state,
      (select json_object_agg(k.key, json_build_array((extract(epoch from t.last_ts) * 1000)::float8, t.last_value))::text
        from (values ${keys}) k(key)
        cross join lateral (select t.last_ts, t.last_value from telemetry_1m t
          where t.sensor_id = e.id and t.param_key = k.key order by t.bucket desc limit 1) t) as latest
    from entities e
    left join alert_rule_states s on s.rule_id = ${rule.id}::uuid and s.sensor_id = e.id
    where e.org_id = ${rule.orgId} and e.kind = 'sensor' and ${scopeFilter(rule.orgId, rule.data.scope)}
    limit ${limit}`.execute(deps.db);
  return result.rows;
}

/** Checks rules on silence at `now`: sensors quiet for the rule's time go pending or fire. */
export async function checkSilence(deps: AppDeps, now: Date): Promise<number> {
  const evaluation = evaluationOf(deps);
  const at = now.getTime();
  let changed = 0;
  for (const rule of await silenceRules(deps)) {
    const facts = await silenceFacts(deps, rule);
    if (facts.length === 0) continue;
    const states = new Map(
      (
        await ensureStates(
          deps.db,
          facts.map((fact) => ({ ruleId: rule.id, sensorId: fact.sensor_id, orgId: rule.orgId })),
        )
      ).map((state) => [state.sensorId, state]),
    );
    const sensors = await evaluation.sensors.resolve(
      facts.map((fact) => fact.sensor_id),
      at,
    );
    for (const fact of facts) {
      const stored = states.get(fact.sensor_id);
      const sensor = sensors.get(fact.sensor_id);
      if (!stored || !sensor) continue;
      const values = valuesOf(stored, fact.latest);
      const input = { at, values, silentSince: () => rule.createdAt, warn: evaluation.warn };
      const current = { state: stored.state, since: stored.since };
      const matched = evaluateCondition(rule.data.condition, input);
      const clears = current.state === 'firing' && rule.prepared.clears(input, matched);
      const active = isScheduleActive(rule.data.schedule, at);
      const { next, event } = step(current, { matched, clears, at, forS: rule.data.for_s, active });
      if (event === 'none') continue;
      evaluation.hold(stored, Date.now());
      const lastValues: RuleStateValues = Object.fromEntries(values);
      await evaluation.apply(
        rule,
        sensor,
        [{ from: current, to: next, event, trigger: triggerOf(rule, lastValues, at) }],
        () => now,
      );
      changed++;
    }
  }
  return changed;
}

/** The stored values of a pair, with newer stored telemetry on top. */
function valuesOf(stored: StoredState, latest: string | null): Map<string, Point> {
  const values = new Map<string, Point>(Object.entries(stored.lastValues));
  const newest = latest ? (JSON.parse(latest) as Record<string, [number, number]>) : {};
  for (const [key, [ts, v]] of Object.entries(newest)) {
    const known = values.get(key);
    if (!known || known.ts < ts) values.set(key, { v: Number(v), ts: Number(ts) });
  }
  return values;
}

/** The evaluation's jobs: pending durations due every 5 s, silence every 10 s. */
export function evaluationJobDefinitions(deps: AppDeps): JobDefinition<never>[] {
  return [
    {
      name: PENDING_DUE_JOB,
      everySeconds: 5,
      expireInSeconds: 60,
      run: async () => {
        await firePendingDue(deps, new Date());
      },
    },
    {
      name: STALENESS_JOB,
      everySeconds: 10,
      expireInSeconds: 120,
      run: async () => {
        await checkSilence(deps, new Date());
      },
    },
  ] as JobDefinition<never>[];
}
