/**
 * CEL conditions of filter and switch nodes (`@marcbachmann/cel-js`, the house's expression language:
 * sandboxed, never JavaScript eval). Parsed once per text; a message's variables are `value`, `key`,
 * `ts`, `sensor_id` and `payload`.
 */
import type { ChainMessage } from '@ferrite/contracts';
import { parse } from '@marcbachmann/cel-js';
import { z } from 'zod';
import { errorText } from './style';

type Compiled = ReturnType<typeof parse>;

/**
 * `value <op> number` (the common plausibility filter), answered in JavaScript when the value is a
 * number: CEL compares a double with an int or double literal the same way. Anything else goes to CEL.
 */
const NUMERIC_COMPARISON = /^\s*value\s*(<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;
type Comparison = (value: number) => boolean;
const comparisons = new Map<string, Comparison | null>();

function comparisonOf(text: string): Comparison | null {
  let found = comparisons.get(text);
  if (found !== undefined) return found;
  const match = NUMERIC_COMPARISON.exec(text);
  found = null;
  if (match) {
    const bound = Number(match[2]);
    if (match[1] === '<') found = (value) => value < bound;
    else if (match[1] === '<=') found = (value) => value <= bound;
    else if (match[1] === '>') found = (value) => value > bound;
    else found = (value) => value >= bound;
  }
  if (comparisons.size >= MAX_COMPILED) comparisons.clear();
  comparisons.set(text, found);
  return found;
}

const compiled = new Map<string, Compiled | Error>();
const MAX_COMPILED = 5_000;

/** The parsed condition, or why it does not parse (kept either way). */
export function compileCondition(text: string): Compiled | Error {
  let found = compiled.get(text);
  if (found) return found;
  try {
    found = parse(text);
  } catch (error) {
    found = new Error(errorText(error));
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(text, found);
  return found;
}

/** A config field holding a CEL condition: refused at deploy when it does not parse. */
export function conditionField(field: string, title: string, description: string) {
  return z
    .string({ error: `${field} must be a CEL expression` })
    .min(1, { error: `${field} is empty: write a condition such as value > 10` })
    .superRefine((text, ctx) => {
      const result = compileCondition(text);
      if (result instanceof Error)
        ctx.addIssue({ code: 'custom', message: `${field} does not parse: ${result.message}` });
    })
    .meta({ title, description, widget: 'expression' });
}

// One variables object, reused: evaluation is synchronous, so no message sees another's values.
const vars: Record<string, unknown> = { value: null, key: '', ts: 0, sensor_id: null, payload: null };

/** Whether a message meets a condition; throws (in words) when it fails or answers something other than true/false. */
export function meetsCondition(text: string, message: ChainMessage): boolean {
  if (typeof message.value === 'number') {
    const comparison = comparisonOf(text);
    if (comparison) return comparison(message.value);
  }
  const condition = compileCondition(text);
  if (condition instanceof Error) throw condition;
  vars.value = message.value;
  vars.key = message.key;
  vars.ts = message.ts;
  vars.sensor_id = message.sensor_id;
  vars.payload = message.payload ?? null;
  let answer: unknown;
  try {
    answer = condition(vars);
  } catch (error) {
    throw new Error(`${errorText(error)} (in ${text})`);
  } finally {
    vars.payload = null;
  }
  if (typeof answer !== 'boolean')
    throw new Error(`${text} answered ${JSON.stringify(answer)}, not true or false`);
  return answer;
}
