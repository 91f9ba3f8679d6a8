/**
 * Database refusals that are the client's fault: a value the request carried that PostgreSQL cannot
 * store or read (NUL in text, a number past bigint, a date past its range, a malformed literal).
 * The contracts refuse these first; this is the safety net for a field they missed, so the caller
 * gets a 400 instead of a 500. Anything else stays a server fault.
 */

/** SQLSTATE codes caused by a value of the request, with what the caller is told. */
const CLIENT_FAULTS: Record<string, string> = {
  '22001': 'A text in the request is too long',
  '22003': 'A number in the request is out of range',
  '22007': 'A date or time in the request is not valid',
  '22008': 'A date or time in the request is out of range',
  '22021': 'The request holds a byte sequence that is not valid text',
  '22P02': 'A value in the request is not in the expected format',
  '22P05': 'The request holds characters that cannot be stored (such as NUL)',
  '54000': 'The request is too large to process',
  '54001': 'The request is too complex to process',
};

/** The message for the caller when the error is a database refusal of a request's value, else null. */
export function clientFaultOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  // A SQLSTATE is five characters and PostgreSQL's errors carry a severity; Node and Fastify codes do not.
  if (typeof code !== 'string' || typeof severity !== 'string') return null;
  return CLIENT_FAULTS[code] ?? null;
}
