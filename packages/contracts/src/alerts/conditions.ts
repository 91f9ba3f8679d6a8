/**
 * What an alert rule watches (the "data" of spec §3 "Alert rule"): a condition tree over one sensor's
 * parameters. Leaves compare a parameter, test a range, a rate of change over a window, silence ("no
 * data for N"), a boolean state, or a CEL expression over the parameters (a sandboxed, non-Turing-complete
 * language: never JavaScript eval); `all` / `any` groups combine them.
 */
import { z } from 'zod';
import { nameText, textSchema } from '../text';

export const COMPARISON_OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
export type ComparisonOp = (typeof COMPARISON_OPS)[number];
/** How the builder shows each comparison. */
export const COMPARISON_SYMBOLS: Record<ComparisonOp, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  neq: '≠',
};
export const RATE_DIRECTIONS = ['rise', 'fall', 'either'] as const;
export type RateDirection = (typeof RATE_DIRECTIONS)[number];

/** How deep groups nest, and how many leaves one rule holds: a rule stays readable and cheap. */
export const CONDITION_MAX_DEPTH = 4;
export const CONDITION_MAX_LEAVES = 20;
/** The longest window a rate of change or a silence looks back over (7 days, the backtest's reach). */
export const CONDITION_WINDOW_MAX_S = 7 * 86_400;

const param = nameText('Parameter', 120).min(1, { error: 'Please choose a parameter' });
const finite = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine(Number.isFinite, { error: `${field} must be a finite number` });
const windowSeconds = (field: string) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .int({ error: `${field} must be whole seconds` })
    .min(1, { error: `${field} must be at least 1 second` })
    .max(CONDITION_WINDOW_MAX_S, { error: `${field} must be at most 7 days` });

export const comparisonConditionSchema = z
  .object({ op: z.enum(COMPARISON_OPS), param, value: finite('Threshold') })
  .strict();
export const rangeConditionSchema = z
  .object({ op: z.enum(['between', 'outside']), param, min: finite('Minimum'), max: finite('Maximum') })
  .strict()
  .refine((range) => range.min <= range.max, { error: 'Minimum must not be above maximum', path: ['max'] });
/** The parameter moved by at least `amount` within `window_s` (in the direction given). */
export const rateConditionSchema = z
  .object({
    op: z.literal('rate'),
    param,
    direction: z.enum(RATE_DIRECTIONS),
    amount: finite('Change').refine((amount) => amount > 0, { error: 'Change must be above 0' }),
    window_s: windowSeconds('Window'),
  })
  .strict();
/** Nothing arrived for the parameter for `for_s` (checked on a schedule, not on readings). */
export const noDataConditionSchema = z
  .object({ op: z.literal('no_data'), param, for_s: windowSeconds('Silence') })
  .strict();
/** A boolean parameter (stored as 1 / 0) is on or off. */
export const stateConditionSchema = z.object({ op: z.enum(['is_true', 'is_false']), param }).strict();
/**
 * A CEL expression over the sensor's latest parameter values (each parameter a double by its key; keys
 * that are not identifiers through `params["key"]`), answering a bool, e.g. `temperature > 80 && vibration > 4.5`.
 */
export const expressionConditionSchema = z
  .object({
    op: z.literal('expression'),
    expression: textSchema('Expression', { max: 1_000 }).min(1, { error: 'Please enter an expression' }),
  })
  .strict();

export type ComparisonCondition = z.infer<typeof comparisonConditionSchema>;
export type RangeCondition = z.infer<typeof rangeConditionSchema>;
export type RateCondition = z.infer<typeof rateConditionSchema>;
export type NoDataCondition = z.infer<typeof noDataConditionSchema>;
export type StateCondition = z.infer<typeof stateConditionSchema>;
export type ExpressionCondition = z.infer<typeof expressionConditionSchema>;
export type LeafCondition =
  | ComparisonCondition
  | RangeCondition
  | RateCondition
  | NoDataCondition
  | StateCondition
  | ExpressionCondition;
export interface GroupCondition {
  op: 'all' | 'any';
  conditions: Condition[];
}
export type Condition = LeafCondition | GroupCondition;

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    comparisonConditionSchema,
    rangeConditionSchema,
    rateConditionSchema,
    noDataConditionSchema,
    stateConditionSchema,
    expressionConditionSchema,
    z
      .object({
        op: z.enum(['all', 'any']),
        conditions: z
          .array(conditionSchema)
          .min(1, { error: 'A group needs at least one condition' })
          .max(CONDITION_MAX_LEAVES, { error: `A group holds at most ${CONDITION_MAX_LEAVES} conditions` }),
      })
      .strict(),
  ]),
);

/** Whether a condition is a group. */
export function isGroup(condition: Condition): condition is GroupCondition {
  return condition.op === 'all' || condition.op === 'any';
}

/** Every leaf of a condition tree, in order. */
export function conditionLeaves(condition: Condition): LeafCondition[] {
  return isGroup(condition) ? condition.conditions.flatMap(conditionLeaves) : [condition];
}

/** How deep a condition tree nests (a leaf is 1). */
export function conditionDepth(condition: Condition): number {
  return isGroup(condition) ? 1 + Math.max(0, ...condition.conditions.map(conditionDepth)) : 1;
}

/** The parameters a condition reads (expressions name theirs in text: the evaluator reads them all). */
export function conditionParams(condition: Condition): string[] {
  const keys = new Set<string>();
  for (const leaf of conditionLeaves(condition)) if ('param' in leaf) keys.add(leaf.param);
  return [...keys];
}

/** A condition in words, for lists, messages and the builder's summary. */
export function describeCondition(condition: Condition): string {
  if (isGroup(condition)) {
    const parts = condition.conditions.map((child) =>
      isGroup(child) ? `(${describeCondition(child)})` : describeCondition(child),
    );
    return parts.join(condition.op === 'all' ? ' and ' : ' or ');
  }
  switch (condition.op) {
    case 'between':
      return `${condition.param} between ${condition.min} and ${condition.max}`;
    case 'outside':
      return `${condition.param} outside ${condition.min}–${condition.max}`;
    case 'rate': {
      const word = { rise: 'rises', fall: 'falls', either: 'changes' }[condition.direction];
      return `${condition.param} ${word} by ${condition.amount} within ${formatSeconds(condition.window_s)}`;
    }
    case 'no_data':
      return `no ${condition.param} for ${formatSeconds(condition.for_s)}`;
    case 'is_true':
      return `${condition.param} is on`;
    case 'is_false':
      return `${condition.param} is off`;
    case 'expression':
      return condition.expression;
    default:
      return `${condition.param} ${COMPARISON_SYMBOLS[condition.op]} ${condition.value}`;
  }
}

/** Seconds as the largest whole unit that fits ("5 min", "2 h", "90 s"). */
export function formatSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
