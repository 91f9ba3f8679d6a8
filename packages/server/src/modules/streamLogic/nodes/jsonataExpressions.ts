/**
 * JSONata expressions of transform and formula nodes: compiled once per text, evaluated with the
 * library's own guard rails (a time limit and a stack depth), so `$x ~> $loop` cannot hold a chain.
 */
import jsonata from 'jsonata';
import { z } from 'zod';
import { errorText } from './style';

type Expression = ReturnType<typeof jsonata>;

/**
 * How long one evaluation may run (JSONata checks it at every step, also in loops). Wall time: a
 * first evaluation on a loaded machine (a collection, the engine warming up) took over 100 ms.
 */
const JSONATA_TIMEOUT_MS = 250;
const OPTIONS = { timeout: JSONATA_TIMEOUT_MS, stack: 200, sequence: 100_000 };

const compiled = new Map<string, Expression | Error>();
const MAX_COMPILED = 5_000;

/** The compiled expression, or why it does not compile (kept either way). */
export function compileJsonata(text: string): Expression | Error {
  let found = compiled.get(text);
  if (found) return found;
  try {
    // The typings omit the options argument the library takes (timeout, stack, sequence).
    found = (jsonata as unknown as (text: string, options: object) => Expression)(text, OPTIONS);
  } catch (error) {
    found = new Error(errorText(error));
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(text, found);
  return found;
}

/** A config field holding a JSONata expression: refused at deploy when it does not compile. */
export function jsonataField(field: string, title: string, description: string) {
  return z
    .string({ error: `${field} must be a JSONata expression` })
    .min(1, { error: `${field} is empty` })
    .superRefine((text, ctx) => {
      const result = compileJsonata(text);
      if (result instanceof Error)
        ctx.addIssue({ code: 'custom', message: `${field} does not parse: ${result.message}` });
    })
    .meta({ title, description, widget: 'expression' });
}

/** Evaluates an expression; throws (in words) when it fails or runs past its time. */
export async function evaluateJsonata(
  text: string,
  input: unknown,
  bindings?: Record<string, unknown>,
): Promise<unknown> {
  const expression = compileJsonata(text);
  if (expression instanceof Error) throw expression;
  try {
    return await expression.evaluate(input, bindings);
  } catch (error) {
    throw new Error(errorText(error));
  }
}
