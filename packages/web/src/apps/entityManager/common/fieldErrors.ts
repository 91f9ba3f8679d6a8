/** The server's 400 field errors ({path: 'body.name', message}) by path without the 'body.' prefix. */
import type { ApiProblem } from '../../../app/baseQuery';

/** Field messages by path ('name', 'metadata_fields.0.key'); empty when the problem names no field. */
export function fieldErrorsOf(problem: ApiProblem | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of problem?.errors ?? []) {
    const path = error.path.replace(/^body\.?/, '');
    errors[path] ??= error.message;
  }
  return errors;
}
