/**
 * The organization actions that take something away (archive, removing apps), each asked first,
 * shared by the list, the detail and the edit form.
 */
import { APPS, type AppKey, type Organization } from '@ferrite/contracts';
import { useCallback } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useAppSelector } from '../../../app/hooks';
import { notifyError, notifySuccess } from '../../../session/notify';
import { confirmAction, confirmArchive } from '../../../ui/confirm';
import { useSetOrganizationArchivedMutation } from '../api/organizationsApi';

/** Why the organization the admin is signed in to has no Archive: archiving it would end their own session. */
export const OWN_ORG_ARCHIVE_HINT =
  'You are signed in to this organization. Switch to another organization to archive it.';

/** True when the organization is the one the session is signed in to. */
export function useIsSignedInOrg(org: Organization | undefined): boolean {
  const orgId = useAppSelector((state) => state.session.orgId);
  return Boolean(org && orgId === org.id);
}

/** The apps in before and not in after, in registry order. */
export function removedApps(before: readonly AppKey[], after: readonly AppKey[]): AppKey[] {
  return before.filter((key) => !after.includes(key));
}

/**
 * Asks before apps are taken from an organization, since every member loses them at once;
 * resolves true at once when nothing is removed.
 */
export function confirmAppRemoval(org: Organization, removed: readonly AppKey[]): Promise<boolean> {
  if (removed.length === 0) return Promise.resolve(true);
  const names = removed.map((key) => APPS[key].title);
  const what = names.length === 1 ? names[0] : `${names.length} apps (${names.join(', ')})`;
  return confirmAction({
    title: names.length === 1 ? `Remove ${names[0]}?` : `Remove ${names.length} apps?`,
    message: `${what} will be removed from ${org.name}: every member loses it at once. Its data is kept; add the app again to give it back.`,
    confirmLabel: names.length === 1 ? 'Remove app' : 'Remove apps',
    danger: true,
  });
}

/** Asks 'Are you sure you want to Archive?' (or Unarchive), then moves the organization; true when done. */
export function useToggleArchive(): (org: Organization) => Promise<boolean> {
  const [setArchived] = useSetOrganizationArchivedMutation();
  const signedInOrgId = useAppSelector((state) => state.session.orgId);
  return useCallback(
    async (org: Organization) => {
      const archived = !org.archived_at;
      // The server refuses it too (409); saying so here spares a confirmation that cannot succeed.
      if (archived && org.id === signedInOrgId) {
        notifyError(`${org.name} cannot be archived from inside it`, OWN_ORG_ARCHIVE_HINT);
        return false;
      }
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
    [setArchived, signedInOrgId],
  );
}
