/**
 * What the evaluator and the evaluation jobs share on a node: the rule index, the sensor directory, the
 * sensors' newest values, rate-of-change history and the held states of (rule, sensor) pairs, and the
 * one way a state change is carried out (a conditional update, then the alert raised or cleared by
 * whoever won it).
 */
import type { RuleStateValues } from '../../../platform/db/alertTables';
import type { AppDeps } from '../../../platform/http/deps';
import { SensorDirectory, type SensorInfo } from '../../entityManager';
import { clearRuleAlert, fireAlert, type Trigger } from './alerting';
import type { Point } from './conditions';
import { RateHistory } from './rateHistory';
import { type ActiveRule, RuleIndex } from './ruleIndex';
import type { RuleState, StepEvent } from './stateMachine';
import { type PairKey, readState, type StoredState, setAlertId, transitionState } from './stateStore';

/** A held state is read again after this long: another node or a job may have moved it. */
export const STATE_TTL_MS = 10_000;

/** One state change a step asked for. */
export interface Change {
  from: RuleState;
  to: RuleState;
  event: StepEvent;
  trigger: Trigger;
}

export interface HeldState {
  stored: StoredState;
  /** Wall-clock time it was read (epoch ms). */
  readAt: number;
  /** Wall-clock time its values were last written. */
  writtenAt: number;
  /** Newest reading time since the last write (epoch ms), null when nothing new. */
  unwrittenTs: number | null;
}

export const pairKey = (ruleId: string, sensorId: string) => `${ruleId}|${sensorId}`;

/** A node's evaluation memory. */
export class Evaluation {
  readonly rules: RuleIndex;
  readonly sensors: SensorDirectory;
  readonly history = new RateHistory();
  /** sensor → parameter → newest value. */
  readonly values = new Map<string, Map<string, Point>>();
  readonly states = new Map<string, HeldState>();
  private readonly warned = new Set<string>();

  constructor(readonly deps: AppDeps) {
    this.rules = new RuleIndex(deps);
    this.sensors = new SensorDirectory(deps.db);
  }

  /** Logs a message once per node (a failing expression would otherwise log on every reading). */
  warn = (message: string): void => {
    if (this.warned.has(message)) return;
    if (this.warned.size > 1_000) this.warned.clear();
    this.warned.add(message);
    this.deps.log.warn(message);
  };

  /** The sensor's newest values (created empty). */
  valuesOf(sensorId: string): Map<string, Point> {
    let values = this.values.get(sensorId);
    if (!values) {
      values = new Map();
      this.values.set(sensorId, values);
    }
    return values;
  }

  /** Holds a state read from the database; its stored values fill in what this node has not seen. */
  hold(stored: StoredState, now: number): HeldState {
    const held: HeldState = { stored, readAt: now, writtenAt: 0, unwrittenTs: null };
    this.states.set(pairKey(stored.ruleId, stored.sensorId), held);
    const values = this.valuesOf(stored.sensorId);
    for (const [key, point] of Object.entries(stored.lastValues)) {
      const known = values.get(key);
      if (!known || known.ts < point.ts) values.set(key, { v: point.v, ts: point.ts });
    }
    return held;
  }

  /** The rule's parameters' values, as stored with its state. */
  valuesForRule(rule: ActiveRule, sensorId: string): RuleStateValues {
    const out: RuleStateValues = {};
    for (const [key, point] of this.valuesOf(sensorId)) {
      if (rule.params === null || rule.params.has(key)) out[key] = { v: point.v, ts: point.ts };
    }
    return out;
  }

  /**
   * Carries out a pair's changes in order: each a conditional update; when one loses (another node or
   * a job moved the pair), the pair is read again and the rest is dropped. Firing raises, clearing clears.
   */
  async apply(
    rule: ActiveRule,
    sensor: SensorInfo,
    changes: readonly Change[],
    firedAt: () => Date,
  ): Promise<void> {
    const pair: PairKey = { ruleId: rule.id, sensorId: sensor.id, orgId: rule.orgId };
    const key = pairKey(rule.id, sensor.id);
    for (const change of changes) {
      const won = await transitionState(
        this.deps.db,
        pair,
        change.from,
        change.to,
        this.valuesForRule(rule, sensor.id),
      );
      if (!won) {
        const fresh = await readState(this.deps.db, rule.id, sensor.id);
        if (fresh) this.hold(fresh, Date.now());
        else this.states.delete(key);
        return;
      }
      const held = this.states.get(key);
      if (held) {
        held.stored = { ...held.stored, state: change.to.state, since: change.to.since };
      }
      if (change.event === 'fire') {
        const alertId = await fireAlert(this.deps, rule, sensor, change.trigger, firedAt());
        if (alertId) {
          await setAlertId(this.deps.db, rule.id, sensor.id, alertId);
          if (held) held.stored.alertId = alertId;
        }
      } else if (change.event === 'clear') {
        const value =
          change.trigger.value === null ? '' : ` (${change.trigger.param} = ${change.trigger.value})`;
        await clearRuleAlert(
          this.deps,
          rule,
          sensor,
          new Date(change.trigger.ts),
          `Condition cleared${value}`,
        );
      }
    }
  }

  /** Stops listening for rule changes. */
  close(): void {
    this.rules.close();
  }
}

/**
 * One evaluation memory per node: the subscriber and the jobs get different deps objects but the same
 * cluster bus (a node's own; two test nodes on one database have two).
 */
const byNode = new WeakMap<object, Evaluation>();

/** The node's evaluation memory. */
export function evaluationOf(deps: AppDeps): Evaluation {
  let evaluation = byNode.get(deps.bus);
  if (!evaluation) {
    evaluation = new Evaluation(deps);
    byNode.set(deps.bus, evaluation);
  }
  return evaluation;
}
