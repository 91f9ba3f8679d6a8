/**
 * Archive, unarchive, delete and duplicate a dashboard, each after the spec §5 confirmation
 * ('Are you sure you want to {type}?', 'Are you sure you want to Delete?'), toasting the outcome.
 */
import type { Dashboard, DashboardDetail } from '@ferrite/contracts';
import { useCallback } from 'react';
import { confirmArchive, confirmDelete } from '../../../ui/confirm';
import {
  useDeleteDashboardMutation,
  useDuplicateDashboardMutation,
  useUpdateDashboardMutation,
} from '../api/dashboardsApi';
import { runAction, useOrgId } from '../hooks';

/** The replace body of a dashboard with one field changed. */
export function dashboardBody(
  dashboard: Dashboard,
  patch: Partial<Pick<Dashboard, 'name' | 'description' | 'theme' | 'is_archived'>> = {},
) {
  return {
    name: dashboard.name,
    description: dashboard.description,
    theme: dashboard.theme,
    layout: dashboard.layout,
    is_archived: dashboard.is_archived,
    ...patch,
  };
}

/** The list and detail actions on one dashboard. */
export function useDashboardActions() {
  const orgId = useOrgId();
  const [update] = useUpdateDashboardMutation();
  const [remove] = useDeleteDashboardMutation();
  const [duplicate] = useDuplicateDashboardMutation();

  const toggleArchive = useCallback(
    async (dashboard: Dashboard): Promise<boolean> => {
      const type = dashboard.is_archived ? 'Unarchive' : 'Archive';
      if (!(await confirmArchive(type))) return false;
      return runAction(
        () =>
          update({
            orgId,
            dashboardId: dashboard.id,
            body: dashboardBody(dashboard, { is_archived: !dashboard.is_archived }),
          }).unwrap(),
        dashboard.is_archived ? 'Dashboard restored to Active' : 'Dashboard archived',
      );
    },
    [orgId, update],
  );

  const removeDashboard = useCallback(
    async (dashboard: Dashboard): Promise<boolean> => {
      if (!(await confirmDelete())) return false;
      return runAction(() => remove({ orgId, dashboardId: dashboard.id }).unwrap(), 'Dashboard deleted');
    },
    [orgId, remove],
  );

  const duplicateDashboard = useCallback(
    async (dashboard: Dashboard): Promise<DashboardDetail | null> => {
      let copy: DashboardDetail | null = null;
      await runAction(async () => {
        copy = await duplicate({ orgId, dashboardId: dashboard.id }).unwrap();
      }, 'Dashboard duplicated');
      return copy;
    },
    [orgId, duplicate],
  );

  return { toggleArchive, removeDashboard, duplicateDashboard };
}
