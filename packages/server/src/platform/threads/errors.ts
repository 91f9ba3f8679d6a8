/** Errors across a thread boundary: a structured clone keeps an error's message but not its fields. */

/** An error's message and its PostgreSQL fields (code, detail, …), which a thread cannot carry as is. */
export type ErrorFields = { message: string } & Record<string, unknown>;

/** What of an error can cross a thread: its message and its plain fields, without the stack. */
export function errorFields(error: unknown): ErrorFields {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields: ErrorFields = { message: String((error as { message?: unknown }).message) };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return fields;
}

/** The error again with its fields, thrown from the caller's side (the other thread's stack left out). */
export function rebuiltError(fields: ErrorFields): Error {
  const { message, stack: _stack, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}
