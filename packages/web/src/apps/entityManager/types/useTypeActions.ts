/** Deleting a type, shared by the list's row menu and the editor: confirm, then the server's answer. */
import type { EntityType } from '@ferrite/contracts';
import { useCallback } from 'react';
import { confirmDelete } from '../../../ui/confirm';
import { useDeleteEntityTypeMutation } from '../api/typesApi';
import { runAction, useOrgId } from '../hooks';

/** Resolves true when the type was deleted; a type in use answers 409 naming its users, shown as a toast. */
export function useDeleteType(): (type: EntityType) => Promise<boolean> {
  const orgId = useOrgId();
  const [remove] = useDeleteEntityTypeMutation();
  return useCallback(
    async (type: EntityType) => {
      if (!(await confirmDelete())) return false;
      return runAction(
        () => remove({ orgId, kind: type.kind, id: type.id }).unwrap(),
        `Type “${type.name}” deleted`,
      );
    },
    [orgId, remove],
  );
}
