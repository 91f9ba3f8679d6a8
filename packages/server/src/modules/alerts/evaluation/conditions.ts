/**
 * One evaluation of a rule's condition tree on a sensor's latest values, in three values: true, false,
 * or null when a value it needs is missing (the preview shows that; the evaluator treats it as "not
 * met"). `all` is false when any child is false, `any` true when any child is true; otherwise a missing
 * child leaves the group unknown. Also the clear conditions: hysteresis moves every threshold back by
 * its amount, toward the safe side.
 */
import { type Condition, isGroup, type LeafCondition, type RuleClear } from '@ferrite/contracts';
import { evaluateExpression } from './expressions';

/** A parameter's newest value and its data time (epoch ms). */
export interface Point {
  v: number;
  ts: number;
}

/** What a condition is evaluated on. */
export interface ConditionInput {
  /** The evaluation's time (epoch ms): the reading's data time, or the job's clock. */
  at: number;
  /** The sensor's newest value per parameter at `at`. */
  values: ReadonlyMap<string, Point>;
  /** The parameter's value at or before `ts` (rate of change), undefined when unknown. */
  valueAt?(param: string, ts: number): number | undefined;
  /** When silence started for a parameter never seen (the rule's creation, or the newest stored reading). */
  silentSince?(param: string): number | undefined;
  /** Where a failing expression is logged (once). */
  warn?(message: string): void;
  /**
   * The expressions' variables for these values, when the caller keeps them (built once per reading for
   * every expression rule it wakes, instead of once per rule).
   */
  expressionVars?(): Record<string, unknown>;
}

/** Whether the condition holds: true, false, or null when a value it needs is missing. */
export function evaluateCondition(condition: Condition, input: ConditionInput): boolean | null {
  if (isGroup(condition)) {
    let unknown = false;
    for (const child of condition.conditions) {
      const answer = evaluateCondition(child, input);
      if (answer === null) unknown = true;
      else if (condition.op === 'all' && !answer) return false;
      else if (condition.op === 'any' && answer) return true;
    }
    return unknown ? null : condition.op === 'all';
  }
  return evaluateLeaf(condition, input);
}

function evaluateLeaf(leaf: LeafCondition, input: ConditionInput): boolean | null {
  if (leaf.op === 'expression')
    return evaluateExpression(leaf.expression, input.values, input.warn, input.expressionVars?.());
  if (leaf.op === 'no_data') {
    const seen = input.values.get(leaf.param)?.ts ?? input.silentSince?.(leaf.param);
    if (seen === undefined) return null;
    return input.at - seen >= leaf.for_s * 1_000;
  }
  const point = input.values.get(leaf.param);
  if (!point) return null;
  const v = point.v;
  switch (leaf.op) {
    case 'gt':
      return v > leaf.value;
    case 'gte':
      return v >= leaf.value;
    case 'lt':
      return v < leaf.value;
    case 'lte':
      return v <= leaf.value;
    case 'eq':
      return v === leaf.value;
    case 'neq':
      return v !== leaf.value;
    case 'between':
      return v >= leaf.min && v <= leaf.max;
    case 'outside':
      return v < leaf.min || v > leaf.max;
    case 'is_true':
      return v !== 0;
    case 'is_false':
      return v === 0;
    case 'rate': {
      const before = input.valueAt?.(leaf.param, point.ts - leaf.window_s * 1_000);
      if (before === undefined) return null;
      const change = v - before;
      if (leaf.direction === 'rise') return change >= leaf.amount;
      if (leaf.direction === 'fall') return -change >= leaf.amount;
      return Math.abs(change) >= leaf.amount;
    }
  }
}

/**
 * The condition with every threshold moved back by `amount` toward the safe side: it keeps holding
 * until the value is `amount` past the line (a firing alert clears when this no longer holds).
 */
export function withHysteresis(condition: Condition, amount: number): Condition {
  if (isGroup(condition))
    return { op: condition.op, conditions: condition.conditions.map((c) => withHysteresis(c, amount)) };
  switch (condition.op) {
    case 'gt':
    case 'gte':
      return { ...condition, value: condition.value - amount };
    case 'lt':
    case 'lte':
      return { ...condition, value: condition.value + amount };
    case 'between':
      return { ...condition, min: condition.min - amount, max: condition.max + amount };
    case 'outside':
      // Alarm below min or above max: it clears only well inside (when the lines cross, never).
      return { ...condition, min: condition.min + amount, max: condition.max - amount };
    case 'rate':
      return { ...condition, amount: Math.max(Number.MIN_VALUE, condition.amount - amount) };
    default:
      return condition;
  }
}

/** A rule's conditions, prepared once: whether it fires, and whether a firing alert clears. */
export interface PreparedConditions {
  condition: Condition;
  /** Whether a firing alert clears on these values (null: cannot tell yet, stays firing). */
  clears(input: ConditionInput, matched: boolean | null): boolean;
}

/** Prepares the clear test of a rule (inverse, hysteresis or a condition of its own). */
export function prepareConditions(condition: Condition, clear: RuleClear): PreparedConditions {
  if (clear.kind === 'hysteresis') {
    const holding = withHysteresis(condition, clear.amount);
    return { condition, clears: (input) => evaluateCondition(holding, input) === false };
  }
  if (clear.kind === 'condition') {
    const own = clear.condition;
    return { condition, clears: (input) => evaluateCondition(own, input) === true };
  }
  return { condition, clears: (_input, matched) => matched === false };
}
