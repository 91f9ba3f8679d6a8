/** Checks of the people a request body names (managers, members, caretakers). */
import type { FieldError } from '@ferrite/contracts';

/**
 * Checks people named in a body: each must be an active member of the organization, unless they were
 * already attached (so editing a project's name never fails because a long-standing member left).
 */
export function memberFieldErrors(
  path: string,
  ids: readonly string[],
  activeMemberIds: ReadonlySet<string>,
  alreadyAttached: ReadonlySet<string> = new Set(),
): FieldError[] {
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (!activeMemberIds.has(id) && !alreadyAttached.has(id)) {
      errors.push({ path: `${path}.${index}`, message: 'Not an active member of this organization' });
    }
  });
  return errors;
}
