/**
 * The per rule and sensor evaluation state in `alert_rule_states`, so a restart resumes a pending
 * duration. Every change of state is a conditional update (`… where state = <what this node saw>`):
 * when two nodes evaluate the same sensor, one wins each transition and only the winner raises or
 * clears; the loser reads the row again. Latest values are written in one statement per batch.
 */
import { sql } from 'kysely';
import type { RuleStateValues } from '../../../platform/db/alertTables';
import type { Db } from '../../../platform/db/database';
import type { RuleState, RuleStateName } from './stateMachine';

export interface StoredState extends RuleState {
  ruleId: string;
  sensorId: string;
  orgId: string;
  lastTs: number | null;
  lastValues: RuleStateValues;
  alertId: string | null;
}

export interface PairKey {
  ruleId: string;
  sensorId: string;
  orgId: string;
}

type Row = {
  rule_id: string;
  sensor_id: string;
  org_id: string;
  state: string;
  since: Date | null;
  last_ts: Date | null;
  last_values: RuleStateValues;
  alert_id: string | null;
};

function storedOf(row: Row): StoredState {
  return {
    ruleId: row.rule_id,
    sensorId: row.sensor_id,
    orgId: row.org_id,
    state: row.state as RuleStateName,
    since: row.since ? new Date(row.since).getTime() : null,
    lastTs: row.last_ts ? new Date(row.last_ts).getTime() : null,
    lastValues: row.last_values ?? {},
    alertId: row.alert_id,
  };
}

const pairValues = (pairs: readonly PairKey[]) =>
  sql.join(pairs.map((p) => sql`(${p.ruleId}::uuid, ${p.sensorId}::uuid, ${p.orgId}::uuid)`));

/** Pairs per statement: PostgreSQL takes at most 65,535 parameters in one. */
const CHUNK = 4_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The states of these pairs; `create`: pairs this node never held, for which an 'ok' row is made first
 * when none exists (the rest are only read again).
 */
export async function ensureStates(
  db: Db,
  pairs: readonly PairKey[],
  create: readonly PairKey[] = pairs,
): Promise<StoredState[]> {
  for (const part of chunks(create))
    await sql`
      insert into alert_rule_states (rule_id, sensor_id, org_id)
      select v.rule_id, v.sensor_id, v.org_id from (values ${pairValues(part)}) v(rule_id, sensor_id, org_id)
      -- A rule or sensor deleted a moment ago (a cache not yet told) is skipped, not a failed batch.
      where exists (select 1 from alert_rules r where r.id = v.rule_id)
        and exists (select 1 from entities e where e.id = v.sensor_id)
      on conflict (rule_id, sensor_id) do nothing`.execute(db);
  const states: StoredState[] = [];
  for (const part of chunks(pairs)) {
    const rows = await sql<Row>`
      select s.rule_id, s.sensor_id, s.org_id, s.state, s.since, s.last_ts, s.last_values, s.alert_id
      from alert_rule_states s
      join (values ${pairValues(part)}) v(rule_id, sensor_id, org_id)
        on s.rule_id = v.rule_id and s.sensor_id = v.sensor_id`.execute(db);
    states.push(...rows.rows.map(storedOf));
  }
  return states;
}

/** One pair's state as stored. */
export async function readState(db: Db, ruleId: string, sensorId: string): Promise<StoredState | null> {
  const row = await db
    .selectFrom('alert_rule_states')
    .select(['rule_id', 'sensor_id', 'org_id', 'state', 'since', 'last_ts', 'last_values', 'alert_id'])
    .where('rule_id', '=', ruleId)
    .where('sensor_id', '=', sensorId)
    .executeTakeFirst();
  return row ? storedOf(row) : null;
}

/**
 * Moves a pair from `from` to `to` only if it is still `from` (the since too, for pending): answers
 * whether this call made the change.
 */
export async function transitionState(
  db: Db,
  pair: { ruleId: string; sensorId: string },
  from: RuleState,
  to: RuleState,
  lastValues: RuleStateValues | null,
  alertId?: string | null,
): Promise<boolean> {
  let query = db
    .updateTable('alert_rule_states')
    .set({
      state: to.state,
      since: to.since === null ? null : new Date(to.since),
      updated_at: new Date(),
      ...(lastValues ? { last_values: JSON.stringify(lastValues) } : {}),
      ...(alertId !== undefined ? { alert_id: alertId } : {}),
    })
    .where('rule_id', '=', pair.ruleId)
    .where('sensor_id', '=', pair.sensorId)
    .where('state', '=', from.state);
  if (from.state === 'pending' && from.since !== null)
    query = query.where('since', '=', new Date(from.since));
  // `returning`: the affected-row count is not reported alike by every driver.
  const row = await query.returning('rule_id').executeTakeFirst();
  return row !== undefined;
}

/** Records the alert a firing pair raised. */
export async function setAlertId(db: Db, ruleId: string, sensorId: string, alertId: string): Promise<void> {
  await db
    .updateTable('alert_rule_states')
    .set({ alert_id: alertId })
    .where('rule_id', '=', ruleId)
    .where('sensor_id', '=', sensorId)
    .execute();
}

/** Writes pairs' newest reading time and values (one statement per 4,000; never touches the state). */
export async function writeLastValues(
  db: Db,
  rows: readonly (PairKey & { lastTs: number; lastValues: RuleStateValues })[],
): Promise<void> {
  for (const part of chunks(rows)) await writeValuesChunk(db, part);
}

async function writeValuesChunk(
  db: Db,
  rows: readonly (PairKey & { lastTs: number; lastValues: RuleStateValues })[],
): Promise<void> {
  // An update of rows ensureStates made: a pair whose rule or sensor was just deleted is skipped.
  await sql`
    update alert_rule_states s set
      last_ts = greatest(s.last_ts, v.last_ts),
      last_values = s.last_values || v.last_values,
      updated_at = now()
    from (values ${sql.join(
      rows.map(
        (r) =>
          sql`(${r.ruleId}::uuid, ${r.sensorId}::uuid, ${new Date(r.lastTs)}::timestamptz, ${JSON.stringify(r.lastValues)}::jsonb)`,
      ),
    )}) v(rule_id, sensor_id, last_ts, last_values)
    where s.rule_id = v.rule_id and s.sensor_id = v.sensor_id`.execute(db);
}

/** Pending states whose duration is over at `now` (their rule enabled), oldest first. */
export async function dueStates(db: Db, now: Date, limit = 1_000): Promise<StoredState[]> {
  const rows = await sql<Row>`
    select s.rule_id, s.sensor_id, s.org_id, s.state, s.since, s.last_ts, s.last_values, s.alert_id
    from alert_rule_states s join alert_rules r on r.id = s.rule_id
    where s.state = 'pending' and r.enabled and r.archived_at is null
      and s.since + make_interval(secs => coalesce((r.data->>'for_s')::float8, 0)) <= ${now}::timestamptz
    order by s.since limit ${limit}`.execute(db);
  return rows.rows.map(storedOf);
}

/** Whether another sensor of the rule still fires under the same alert (grouping by rule or asset). */
export async function othersFiring(
  db: Db,
  ruleId: string,
  sensorId: string,
  parentId: string | null,
  grouping: string,
): Promise<boolean> {
  if (grouping === 'sensor') return false;
  const row = await sql<{ n: number }>`
    select count(*)::int as n from alert_rule_states s join entities e on e.id = s.sensor_id
    where s.rule_id = ${ruleId} and s.state = 'firing' and s.sensor_id <> ${sensorId}
      and (${grouping} = 'rule' or e.parent_id is not distinct from ${parentId}::uuid)`.execute(db);
  return (row.rows[0]?.n ?? 0) > 0;
}
