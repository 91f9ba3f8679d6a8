/**
 * CEL expressions of rule conditions (`@marcbachmann/cel-js`: a sandboxed, non-Turing-complete language,
 * never JavaScript eval). Each expression is parsed once and kept; a sensor's parameters are its
 * variables, doubles by key, and every key also through `params["key"]` (keys that are not identifiers).
 * A runtime error (a parameter not yet seen, a type mismatch) means "not met", logged once per expression.
 */
import { parse } from '@marcbachmann/cel-js';

type Compiled = ReturnType<typeof parse>;

/** Parsed expressions by text (bounded: a rule set's expressions, not an attacker's stream). */
const compiled = new Map<string, Compiled | Error>();
const MAX_COMPILED = 5_000;
/** Expressions whose runtime failure was logged already. */
const warned = new Set<string>();

/** The parsed expression, or the parse error (kept, so a bad text is not parsed again on every reading). */
export function compileExpression(text: string): Compiled | Error {
  let found = compiled.get(text);
  if (found) return found;
  try {
    found = parse(text);
  } catch (error) {
    found = error instanceof Error ? error : new Error(String(error));
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(text, found);
  return found;
}

/** The parse error of an expression in words, or null when it parses. */
export function expressionProblem(text: string): string | null {
  const result = compileExpression(text);
  return result instanceof Error ? (result.message.split('\n')[0] ?? 'Invalid expression') : null;
}

/**
 * Evaluates an expression on parameter values: true or false, null when a value it needs is missing
 * (or it fails at run time, or answers something other than a bool).
 */
export function evaluateExpression(
  text: string,
  values: ReadonlyMap<string, { v: number }>,
  warn: (message: string) => void = () => undefined,
  vars: Record<string, unknown> = expressionVars(values),
): boolean | null {
  const expression = compileExpression(text);
  if (expression instanceof Error) {
    warnOnce(text, `Alert rule expression does not parse: ${expression.message.split('\n')[0]}`, warn);
    return null;
  }
  try {
    const answer = expression(vars);
    return typeof answer === 'boolean' ? answer : null;
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    warnOnce(text, `Alert rule expression failed: ${message}`, warn);
    return null;
  }
}

/** An expression's variables: each parameter by its key, and all of them as `params`. */
export function expressionVars(values: ReadonlyMap<string, { v: number }>): Record<string, unknown> {
  const params: Record<string, number> = {};
  const vars: Record<string, unknown> = { params };
  for (const [key, point] of values) {
    params[key] = point.v;
    if (key !== 'params') vars[key] = point.v;
  }
  return vars;
}

function warnOnce(text: string, message: string, warn: (message: string) => void): void {
  if (warned.has(text)) return;
  if (warned.size >= MAX_COMPILED) warned.clear();
  warned.add(text);
  warn(`${message} (${text})`);
}

const CEL_WORDS = new Set(['true', 'false', 'null', 'in', 'params']);

/**
 * The parameters an expression reads, so it is evaluated only when one of them has a new value; null
 * when it may read any (`params` indexed by something other than a literal, or iterated).
 */
export function expressionParams(text: string): Set<string> | null {
  const keys = new Set<string>();
  // params["key"], params['key'], params.key: literal keys.
  const literal =
    /params\s*(?:\[\s*"((?:[^"\\]|\\.)*)"\s*\]|\[\s*'((?:[^'\\]|\\.)*)'\s*\]|\.\s*([A-Za-z_]\w*))/g;
  let rest = text.replace(literal, (_whole, double?: string, single?: string, dotted?: string) => {
    keys.add(double ?? single ?? dotted ?? '');
    return ' 0 ';
  });
  if (/\bparams\b/.test(rest)) return null;
  // Identifiers outside string literals, not members (after a dot) and not function calls.
  rest = rest.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' "" ');
  for (const match of rest.matchAll(/(^|[^.\w])([A-Za-z_]\w*)\b(?!\s*\()/g)) {
    const name = match[2] as string;
    if (!CEL_WORDS.has(name)) keys.add(name);
  }
  return keys;
}
