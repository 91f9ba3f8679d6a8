/**
 * Alerts (/alert/orgs/{orgId}/alert, spec §7): the inbox list with filters and paging, one alert, its
 * timeline, the actions (acknowledge, clear, resolve, comment, assign, snooze, archive), the home's
 * summary (the taskbar bell reads the in-app unread count itself). Every write invalidates the lists and the
 * summary, and writes the changed alert into its cache entry so the detail never flickers back.
 */
import type {
  Alert,
  AlertListResponse,
  AlertSeverity,
  AlertStatus,
  AlertSummary,
  AlertTimeline,
  AlertUpdateBody,
  AppKey,
} from '@ferrite/contracts';
import { dataOf, type OrgArg, type PageArg, pageParams } from '../../../app/apiKit';
import type { ArchiveTab } from '../../../ui/archiveTabs';
import { type AlertArg, alertBase, alertsApi, alertUrl, SILENT } from './apiBase';

/** The inbox's filters. */
export interface AlertFilters {
  status?: AlertStatus[];
  severity?: AlertSeverity[];
  app?: AppKey;
  mine?: boolean;
}

const LISTS = ['Alerts'] as const;
const alertTag = (id: string) => ({ type: 'Alert' as const, id });
const csv = (values?: string[]) => (values?.length ? values.join(',') : undefined);

const alertsEndpoints = alertsApi.injectEndpoints({
  endpoints: (build) => ({
    listAlerts: build.query<AlertListResponse, OrgArg & PageArg & AlertFilters & { tab: ArchiveTab }>({
      query: ({ orgId, tab, status, severity, app, mine, ...page }) => ({
        url: `${alertBase(orgId)}/alert`,
        params: pageParams(page, {
          is_archived: String(tab === 'archived'),
          status: csv(status),
          severity: csv(severity),
          app,
          mine: mine ? 'true' : undefined,
        }),
      }),
      extraOptions: SILENT,
      providesTags: ['Alerts'],
    }),
    getAlert: build.query<Alert, AlertArg>({
      query: (arg) => alertUrl(arg),
      extraOptions: SILENT,
      providesTags: (_r, _e, { alertId }) => [alertTag(alertId)],
    }),
    alertTimeline: build.query<AlertTimeline, AlertArg>({
      query: (arg) => alertUrl(arg, '/timeline'),
      extraOptions: SILENT,
      providesTags: (_r, _e, { alertId }) => [{ type: 'Alert', id: `${alertId}:timeline` }],
    }),
    alertSummary: build.query<AlertSummary, OrgArg>({
      query: ({ orgId }) => `${alertBase(orgId)}/summary`,
      extraOptions: SILENT,
      providesTags: ['Alerts'],
    }),
    updateAlert: build.mutation<Alert, AlertArg & { body: AlertUpdateBody }>({
      query: ({ body, ...arg }) => ({ url: alertUrl(arg), method: 'PUT', body }),
      invalidatesTags: (result, _e, { alertId }) =>
        result ? [...LISTS, { type: 'Alert', id: `${alertId}:timeline` }] : [],
      async onQueryStarted({ orgId, alertId }, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (saved) dispatch(alertsEndpoints.util.upsertQueryData('getAlert', { orgId, alertId }, saved));
      },
    }),
    /** acknowledge, clear or resolve one alert. */
    alertAction: build.mutation<Alert, AlertArg & { action: 'acknowledge' | 'clear' | 'resolve' }>({
      query: ({ action, ...arg }) => ({ url: alertUrl(arg, `/${action}`), method: 'POST' }),
      invalidatesTags: (result, _e, { alertId }) =>
        result ? [...LISTS, { type: 'Alert', id: `${alertId}:timeline` }] : [],
      async onQueryStarted({ orgId, alertId }, { dispatch, queryFulfilled }) {
        const saved = await dataOf(queryFulfilled);
        if (saved) dispatch(alertsEndpoints.util.upsertQueryData('getAlert', { orgId, alertId }, saved));
      },
    }),
    addAlertComment: build.mutation<unknown, AlertArg & { text: string }>({
      query: ({ text, ...arg }) => ({ url: alertUrl(arg, '/comments'), method: 'POST', body: { text } }),
      invalidatesTags: (_r, error, { alertId }) =>
        error ? [] : [alertTag(alertId), { type: 'Alert', id: `${alertId}:timeline` }],
    }),
    deleteAlert: build.mutation<void, AlertArg>({
      query: (arg) => ({ url: alertUrl(arg), method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [...LISTS]),
    }),
    acknowledgeAlerts: build.mutation<{ changed: number }, OrgArg & { ids: string[] }>({
      query: ({ orgId, ids }) => ({
        url: `${alertBase(orgId)}/alert/acknowledge`,
        method: 'POST',
        body: { ids },
      }),
      invalidatesTags: (result) => (result ? [...LISTS, 'Alert'] : []),
    }),
  }),
});

export { alertsEndpoints };
export const {
  useListAlertsQuery,
  useGetAlertQuery,
  useAlertTimelineQuery,
  useAlertSummaryQuery,
  useUpdateAlertMutation,
  useAlertActionMutation,
  useAddAlertCommentMutation,
  useDeleteAlertMutation,
  useAcknowledgeAlertsMutation,
} = alertsEndpoints;
