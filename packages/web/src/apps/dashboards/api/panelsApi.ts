/**
 * Panels (a dashboard's tabs) and subpanels (titled boxes in a panel's grid), spec §7 "Panels CRUD";
 * and duplicating widgets between panels. A panel's contents are one cache entry (`DashPanel`), which
 * every write inside the panel invalidates; saving a layout writes the answer into the cache instead,
 * so the grid does not jump back while the next drag is under way.
 */
import type {
  DuplicateWidgetsBody,
  LayoutItem,
  PanelDetail,
  Subpanel,
  SubpanelBody,
} from '@ferrite/contracts';
import { dataOf } from '../../../app/apiKit';
import { dashApi, dashBase, dashboardTag, type PanelArg, panelTag, panelUrl } from './apiBase';

const panelsApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    getPanel: build.query<PanelDetail, PanelArg>({
      query: (arg) => panelUrl(arg),
      providesTags: (_r, _e, { panelId }) => [panelTag(panelId)],
    }),
    createPanel: build.mutation<PanelDetail, Omit<PanelArg, 'panelId'> & { name: string }>({
      query: ({ orgId, dashboardId, name }) => ({
        url: `${dashBase(orgId)}/dashboards/${dashboardId}/panels`,
        method: 'POST',
        body: { name },
      }),
      invalidatesTags: (_r, error, { dashboardId }) =>
        error ? [] : [dashboardTag(dashboardId), 'Dashboards'],
    }),
    /** Renames or reorders a panel. */
    updatePanel: build.mutation<PanelDetail, PanelArg & { name: string; order?: number }>({
      query: ({ name, order, ...arg }) => ({ url: panelUrl(arg), method: 'PUT', body: { name, order } }),
      invalidatesTags: (_r, error, { dashboardId }) => (error ? [] : [dashboardTag(dashboardId)]),
    }),
    /** Moves and resizes the panel's children in one write; the answer replaces the cached panel. */
    savePanelLayout: build.mutation<PanelDetail, PanelArg & { name: string; layout: LayoutItem[] }>({
      query: ({ name, layout, ...arg }) => ({ url: panelUrl(arg), method: 'PUT', body: { name, layout } }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (!saved) return;
        const key = { orgId: arg.orgId, dashboardId: arg.dashboardId, panelId: arg.panelId };
        dispatch(panelsApi.util.upsertQueryData('getPanel', key, saved));
      },
    }),
    deletePanel: build.mutation<void, PanelArg>({
      query: (arg) => ({ url: panelUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error, { dashboardId }) =>
        error ? [] : [dashboardTag(dashboardId), 'Dashboards'],
    }),
    createSubpanel: build.mutation<Subpanel, PanelArg & { body: SubpanelBody }>({
      query: ({ body, ...arg }) => ({ url: panelUrl(arg, '/subpanels'), method: 'POST', body }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId)]),
    }),
    updateSubpanel: build.mutation<Subpanel, PanelArg & { id: string; body: SubpanelBody }>({
      query: ({ id, body, ...arg }) => ({ url: panelUrl(arg, `/subpanels/${id}`), method: 'PUT', body }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId)]),
    }),
    deleteSubpanel: build.mutation<void, PanelArg & { id: string }>({
      query: ({ id, ...arg }) => ({ url: panelUrl(arg, `/subpanels/${id}`), method: 'DELETE' }),
      invalidatesTags: (_r, error, { panelId }) => (error ? [] : [panelTag(panelId)]),
    }),
    /** POST /panels/{panelId}/duplicate_widgets: copies into this panel or another one. */
    duplicateWidgets: build.mutation<PanelDetail, PanelArg & { body: DuplicateWidgetsBody }>({
      query: ({ orgId, panelId, body }) => ({
        url: `${dashBase(orgId)}/panels/${panelId}/duplicate_widgets`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, error, { panelId, body }) =>
        // The copies change the widget count of the dashboard's header and of the lists.
        error
          ? []
          : [panelTag(panelId), panelTag(body.target_panel_id ?? panelId), 'Dashboards', 'Dashboard'],
    }),
  }),
});

export const {
  useGetPanelQuery,
  useCreatePanelMutation,
  useUpdatePanelMutation,
  useSavePanelLayoutMutation,
  useDeletePanelMutation,
  useCreateSubpanelMutation,
  useUpdateSubpanelMutation,
  useDeleteSubpanelMutation,
  useDuplicateWidgetsMutation,
} = panelsApi;
export { panelsApi };
