/** HttpProblem: an error that answers with the JSON problem body of ARCHITECTURE §5. */
import type { FieldError } from '@ferrite/contracts';

/** Thrown by services and routes; the error handler turns it into `{ title, detail, status, errors? }`. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string = title,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** Shorthands for the problems the API raises most. */
export const problems = {
  badRequest: (detail: string, errors?: FieldError[]) =>
    new HttpProblem(400, 'Invalid request', detail, errors),
  unauthorized: (detail = 'Sign in to continue', title = 'Unauthorized') =>
    new HttpProblem(401, title, detail),
  forbidden: (detail = 'You do not have access to this resource') =>
    new HttpProblem(403, 'Forbidden', detail),
  notFound: (what: string) => new HttpProblem(404, 'Not found', `${what} was not found`),
  conflict: (detail: string) => new HttpProblem(409, 'Conflict', detail),
  tooManyRequests: (detail: string, retryAfterSeconds: number) =>
    new HttpProblem(429, 'Too many attempts', detail, undefined, {
      'retry-after': String(retryAfterSeconds),
    }),
};

/** A 400 listing every bad field, with the same detail shape as schema validation errors. */
export function invalidFields(errors: FieldError[]): HttpProblem {
  return problems.badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** Throws a 400 when any field failed a check. */
export function assertNoFieldErrors(errors: FieldError[]): void {
  if (errors.length > 0) throw invalidFields(errors);
}

/**
 * A 422: the request is well formed but names something that cannot be used (another project's
 * sensor, an unknown parameter, an archived gateway). Shape errors stay 400 (schema validation).
 */
export function unprocessable(errors: FieldError[]): HttpProblem {
  return new HttpProblem(
    422,
    'Invalid request',
    errors.map((e) => `${e.path}: ${e.message}`).join('; '),
    errors,
  );
}

/** Throws a 422 when any field names something unusable. */
export function assertUsable(errors: FieldError[]): void {
  if (errors.length > 0) throw unprocessable(errors);
}
