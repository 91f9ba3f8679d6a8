/**
 * Dashboards (spec §7 "Dashboards"): the Active / Archived list (`is_archived=true`), the list of those
 * shared with the caller (`shared=true`), recent ones, one dashboard, create, replace, delete and the
 * two duplicates. Writes invalidate the lists and the dashboard they touched.
 */
import type {
  DashboardBody,
  DashboardDetail,
  DashboardListResponse,
  RecentDashboardsResponse,
} from '@ferrite/contracts';
import { type OrgArg, type PageArg, pageParams } from '../../../app/apiKit';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { type DashboardArg, dashApi, dashBase, dashboardTag, dashboardUrl } from './apiBase';

/** One page of a tab; `shared` lists the dashboards shared with the caller instead of all of them. */
export interface ListDashboardsArg extends OrgArg, PageArg {
  tab: ArchiveTab;
  shared?: boolean;
}

const dashboardsApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    listDashboards: build.query<DashboardListResponse, ListDashboardsArg>({
      query: ({ orgId, tab, shared, ...page }) => ({
        url: `${dashBase(orgId)}/dashboards`,
        params: {
          ...pageParams(page),
          is_archived: tab === 'archived' ? 'true' : undefined,
          shared: shared ? 'true' : undefined,
        },
      }),
      providesTags: ['Dashboards'],
    }),
    recentDashboards: build.query<RecentDashboardsResponse, OrgArg>({
      query: ({ orgId }) => `${dashBase(orgId)}/recent_dashboards`,
      providesTags: ['Dashboards'],
    }),
    getDashboard: build.query<DashboardDetail, DashboardArg>({
      query: (arg) => dashboardUrl(arg),
      providesTags: (_r, _e, { dashboardId }) => [dashboardTag(dashboardId)],
    }),
    createDashboard: build.mutation<DashboardDetail, OrgArg & { body: DashboardBody }>({
      query: ({ orgId, body }) => ({ url: `${dashBase(orgId)}/dashboards`, method: 'POST', body }),
      invalidatesTags: ['Dashboards'],
    }),
    updateDashboard: build.mutation<DashboardDetail, DashboardArg & { body: DashboardBody }>({
      query: ({ body, ...arg }) => ({ url: dashboardUrl(arg), method: 'PUT', body }),
      invalidatesTags: (_r, error, { dashboardId }) =>
        error ? [] : ['Dashboards', dashboardTag(dashboardId)],
    }),
    deleteDashboard: build.mutation<void, DashboardArg>({
      query: (arg) => ({ url: dashboardUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Dashboards']),
    }),
    /** POST …/duplicates: the whole dashboard, named "<name> (copy)" unless a name is given. */
    duplicateDashboard: build.mutation<DashboardDetail, DashboardArg & { name?: string }>({
      query: ({ name, ...arg }) => ({
        url: dashboardUrl(arg, '/duplicates'),
        method: 'POST',
        body: name ? { name } : {},
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['Dashboards']),
    }),
    /** POST …/duplicate_dashboards: copies of some panels appended to another dashboard. */
    copyPanels: build.mutation<
      { panels: DashboardDetail['panels'] },
      DashboardArg & { targetDashboardId: string; panelIds: string[] }
    >({
      query: ({ targetDashboardId, panelIds, ...arg }) => ({
        url: dashboardUrl(arg, '/duplicate_dashboards'),
        method: 'POST',
        body: { target_dashboard_id: targetDashboardId, panel_ids: panelIds },
      }),
      invalidatesTags: (_r, error, { targetDashboardId }) =>
        error ? [] : ['Dashboards', dashboardTag(targetDashboardId)],
    }),
  }),
});

export const {
  useListDashboardsQuery,
  useRecentDashboardsQuery,
  useGetDashboardQuery,
  useCreateDashboardMutation,
  useUpdateDashboardMutation,
  useDeleteDashboardMutation,
  useDuplicateDashboardMutation,
  useCopyPanelsMutation,
} = dashboardsApi;
export { dashboardsApi };
