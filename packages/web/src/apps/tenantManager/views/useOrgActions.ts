/** Archive and unarchive with the spec's confirmation and a toast, shared by the list and the detail. */
import type { Organization } from '@ferrite/contracts';
import { useCallback } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifyError, notifySuccess } from '../../../session/notify';
import { confirmArchive } from '../../../ui/confirm';
import { useSetOrganizationArchivedMutation } from '../api';

/** Asks 'Are you sure you want to Archive?' (or Unarchive), then moves the organization; true when done. */
export function useToggleArchive(): (org: Organization) => Promise<boolean> {
  const [setArchived] = useSetOrganizationArchivedMutation();
  return useCallback(
    async (org: Organization) => {
      const archived = !org.archived_at;
      if (!(await confirmArchive(archived ? 'Archive' : 'Unarchive'))) return false;
      const result = await setArchived({ org, archived });
      if (result.error) {
        const problem = result.error as ApiProblem;
        notifyError(problem.title, problem.detail);
        return false;
      }
      notifySuccess(
        `${org.name} ${archived ? 'archived' : 'unarchived'}`,
        archived ? 'Its members cannot sign in until it is unarchived.' : 'Its members can sign in again.',
      );
      return true;
    },
    [setArchived],
  );
}
