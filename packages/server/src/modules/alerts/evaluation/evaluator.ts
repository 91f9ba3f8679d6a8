/**
 * The Alerts module's telemetry subscriber: every durable batch is evaluated against the rules covering
 * its sensors, in data-time order per sensor. Nothing is queried per reading: rules come from the
 * in-memory index, sensors from the directory (a batch's unknown ones in one query), states are read
 * once per pair and then every STATE_TTL_MS in one batch query, latest values are written at most every
 * VALUES_WRITE_MS per pair in one statement per batch; a state change is one conditional update.
 * Runs of sensors no rule covers cost a map lookup.
 */
import type { DurableRun, TelemetrySubscriber } from '../../../platform/module';
import type { SensorInfo } from '../../entityManager';
import type { Trigger } from './alerting';
import { evaluateCondition } from './conditions';
import { type Change, type Evaluation, type HeldState, pairKey, STATE_TTL_MS } from './evaluation';
import { expressionVars } from './expressions';
import { type ActiveRule, rulesCovering } from './ruleIndex';
import { isScheduleActive } from './schedule';
import { step } from './stateMachine';
import { ensureStates, type PairKey, writeLastValues } from './stateStore';

/**
 * A pair's latest values are written at most this often (a state change writes them at once): they
 * only seed a restarted node's values, and silence reads the stored telemetry's newest time as well, so
 * rare writes keep the database's work for ingest.
 */
export const VALUES_WRITE_MS = 30_000;

/** A rule on this sensor with its held state. */
interface PairEntry {
  rule: ActiveRule;
  held: HeldState;
}

const NONE: readonly PairEntry[] = [];

interface SensorWork {
  sensor: SensorInfo;
  rules: ActiveRule[];
  runs: DurableRun[];
}

/** Evaluates rules on durable batches. */
export class RuleEvaluator implements TelemetrySubscriber {
  readonly name = 'alerts.rules';

  constructor(
    private readonly evaluation: Evaluation,
    /** Wall clock (tests pass theirs): when an alert fired, and when held things expire. */
    private readonly clock: () => number = Date.now,
  ) {}

  /** Evaluates one stored batch. */
  async onBatch(runs: readonly DurableRun[]): Promise<void> {
    const work = await this.coveredWork(runs);
    if (work.length === 0) return;
    const now = this.clock();
    await this.loadStates(work, now);
    await this.warmHistory(work);
    const changes: { rule: ActiveRule; sensor: SensorInfo; changes: Change[] }[] = [];
    for (const item of work) changes.push(...this.evaluateSensor(item));
    for (const { rule, sensor, changes: list } of changes) {
      try {
        await this.evaluation.apply(rule, sensor, list, () => new Date(this.clock()));
      } catch (error) {
        // One pair's failure (its rule deleted a moment ago) leaves the others' changes standing; its
        // state is read again on the next batch.
        this.evaluation.states.delete(pairKey(rule.id, sensor.id));
        this.evaluation.deps.log.warn(
          { err: error, ruleId: rule.id, sensorId: sensor.id },
          'Alert rule evaluation failed',
        );
      }
    }
    await this.writeValues(work, now);
  }

  /** The batch's sensors that some rule covers, with their rules and runs. */
  private async coveredWork(runs: readonly DurableRun[]): Promise<SensorWork[]> {
    const byOrg = new Map<string, DurableRun[]>();
    for (const run of runs) {
      const list = byOrg.get(run.orgId);
      if (list) list.push(run);
      else byOrg.set(run.orgId, [run]);
    }
    const work: SensorWork[] = [];
    for (const [orgId, orgRuns] of byOrg) {
      const index = await this.evaluation.rules.rulesOf(orgId, this.clock());
      if (index.rules.length === 0) continue;
      const sensors = await this.evaluation.sensors.resolve(
        orgRuns.map((run) => run.sensorId),
        this.clock(),
      );
      const bySensor = new Map<string, SensorWork>();
      for (const run of orgRuns) {
        let item = bySensor.get(run.sensorId);
        if (!item) {
          const sensor = sensors.get(run.sensorId);
          if (!sensor || sensor.orgId !== orgId) continue;
          const rules = rulesCovering(index, sensor);
          if (rules.length === 0) continue;
          item = { sensor, rules, runs: [] };
          bySensor.set(run.sensorId, item);
        }
        // A parameter none of the sensor's rules reads costs nothing more.
        if (item.rules.some((rule) => rule.params === null || rule.params.has(run.paramKey)))
          item.runs.push(run);
      }
      for (const item of bySensor.values()) if (item.runs.length > 0) work.push(item);
    }
    return work;
  }

  /** Reads the states of pairs not held (or held too long) in one query. */
  private async loadStates(work: readonly SensorWork[], now: number): Promise<void> {
    const pairs: PairKey[] = [];
    const fresh: PairKey[] = [];
    for (const { sensor, rules } of work)
      for (const rule of rules) {
        const held = this.evaluation.states.get(pairKey(rule.id, sensor.id));
        if (held && now - held.readAt < STATE_TTL_MS) continue;
        const pair = { ruleId: rule.id, sensorId: sensor.id, orgId: sensor.orgId };
        pairs.push(pair);
        if (!held) fresh.push(pair);
      }
    if (pairs.length === 0) return;
    for (const stored of await ensureStates(this.evaluation.deps.db, pairs, fresh)) {
      const previous = this.evaluation.states.get(pairKey(stored.ruleId, stored.sensorId));
      const held = this.evaluation.hold(stored, now);
      if (previous) {
        held.writtenAt = previous.writtenAt;
        held.unwrittenTs = previous.unwrittenTs;
      }
    }
  }

  /** Loads the look-back of rate rules' series not held yet (after a start). */
  private async warmHistory(work: readonly SensorWork[]): Promise<void> {
    for (const { sensor, rules, runs } of work) {
      const keepMs = Math.max(0, ...rules.map((rule) => rule.rateWindowS)) * 1_000;
      if (keepMs === 0) continue;
      // The earliest new point of each parameter not held: the look-back ends just before it.
      const cold = new Map<string, number>();
      for (const run of runs) {
        if (this.evaluation.history.has(sensor.id, run.paramKey)) continue;
        for (let i = 0; i < run.ts.length; i++)
          cold.set(run.paramKey, Math.min(cold.get(run.paramKey) ?? Infinity, run.ts[i] as number));
      }
      await Promise.all(
        [...cold].map(([param, first]) =>
          this.evaluation.history.warm(this.evaluation.deps.db, sensor.id, param, first, keepMs),
        ),
      );
    }
  }

  /** Steps every rule of a sensor through its points in data-time order; answers the changes. */
  private evaluateSensor({ sensor, rules, runs }: SensorWork) {
    const points: { param: string; v: number; ts: number }[] = [];
    const newest = new Map<string, number>();
    for (const run of runs)
      for (let i = 0; i < run.ts.length; i++) {
        const ts = run.ts[i] as number;
        points.push({ param: run.paramKey, v: run.values[i] as number, ts });
        if (ts > (newest.get(run.paramKey) ?? -Infinity)) newest.set(run.paramKey, ts);
      }
    points.sort((a, b) => a.ts - b.ts);
    const keepMs = Math.max(0, ...rules.map((rule) => rule.rateWindowS)) * 1_000;
    const values = this.evaluation.valuesOf(sensor.id);
    const history = this.evaluation.history;
    // The expressions' variables, built at most once per reading (many expression rules may wake).
    let vars: Record<string, unknown> | null = null;
    const input = {
      at: 0,
      values,
      valueAt: (param: string, ts: number) => history.valueAt(sensor.id, param, ts),
      warn: this.evaluation.warn,
      expressionVars: () => {
        vars ??= expressionVars(values);
        return vars;
      },
    };
    // Each pair's held state once per batch, by the parameters that wake it (not a key per point and rule).
    const entries = this.entriesOf(sensor, rules, newest);
    const changes = new Map<ActiveRule, Change[]>();
    for (const point of points) {
      const known = values.get(point.param);
      if (known && known.ts > point.ts) continue; // an older point than one already evaluated
      values.set(point.param, { v: point.v, ts: point.ts });
      vars = null;
      if (keepMs > 0) history.note(sensor.id, point.param, { v: point.v, ts: point.ts }, keepMs);
      input.at = point.ts;
      const woken = entries.byParam.get(point.param) ?? NONE;
      const all = entries.anyParam;
      const count = woken.length + all.length;
      for (let i = 0; i < count; i++) {
        const { rule, held } = (i < all.length ? all[i] : woken[i - all.length]) as PairEntry;
        const matched = evaluateCondition(rule.data.condition, input);
        // The common case, and the cheap one: nothing holds and nothing is under way.
        if (held.stored.state === 'ok' && matched !== true) continue;
        const current = { state: held.stored.state, since: held.stored.since };
        const clears = current.state === 'firing' && rule.prepared.clears(input, matched);
        const active = isScheduleActive(rule.data.schedule, point.ts);
        const { next, event } = step(current, {
          matched,
          clears,
          at: point.ts,
          forS: rule.data.for_s,
          active,
        });
        if (event === 'none') continue;
        const trigger: Trigger = { param: point.param, value: point.v, ts: point.ts };
        const list = changes.get(rule) ?? [];
        list.push({ from: current, to: next, event, trigger });
        changes.set(rule, list);
        held.stored = { ...held.stored, state: next.state, since: next.since };
      }
    }
    // The held state moved ahead in memory; apply() re-reads the pair if the database disagrees.
    for (const [rule, list] of changes) {
      const held = this.evaluation.states.get(pairKey(rule.id, sensor.id));
      const first = list[0];
      if (held && first) held.stored = { ...held.stored, state: first.from.state, since: first.from.since };
    }
    return [...changes].map(([rule, list]) => ({ rule, sensor, changes: list }));
  }

  /**
   * The sensor's pairs with their held state, by the parameter that wakes each (rules reading every
   * parameter, expressions, in `anyParam`); each pair's newest unwritten data time moves to the newest
   * point of a parameter it reads.
   */
  private entriesOf(sensor: SensorInfo, rules: readonly ActiveRule[], newest: ReadonlyMap<string, number>) {
    const byParam = new Map<string, PairEntry[]>();
    const anyParam: PairEntry[] = [];
    for (const rule of rules) {
      const held = this.evaluation.states.get(pairKey(rule.id, sensor.id));
      if (!held) continue;
      const entry = { rule, held };
      let latest = held.unwrittenTs ?? 0;
      if (rule.params === null) {
        anyParam.push(entry);
        for (const ts of newest.values()) latest = Math.max(latest, ts);
      } else
        for (const param of rule.params) {
          const ts = newest.get(param);
          if (ts === undefined) continue;
          latest = Math.max(latest, ts);
          const list = byParam.get(param);
          if (list) list.push(entry);
          else byParam.set(param, [entry]);
        }
      if (latest > 0) held.unwrittenTs = latest;
    }
    return { byParam, anyParam };
  }

  /** Writes pairs' latest values when VALUES_WRITE_MS passed since their last write (one statement). */
  private async writeValues(work: readonly SensorWork[], now: number): Promise<void> {
    const rows = [];
    for (const { sensor, rules } of work)
      for (const rule of rules) {
        const held = this.evaluation.states.get(pairKey(rule.id, sensor.id));
        if (!held || held.unwrittenTs === null || now - held.writtenAt < VALUES_WRITE_MS) continue;
        rows.push({
          ruleId: rule.id,
          sensorId: sensor.id,
          orgId: sensor.orgId,
          lastTs: held.unwrittenTs,
          lastValues: this.evaluation.valuesForRule(rule, sensor.id),
        });
        held.writtenAt = now;
        held.unwrittenTs = null;
      }
    await writeLastValues(this.evaluation.deps.db, rows);
  }
}
