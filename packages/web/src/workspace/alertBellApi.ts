/**
 * The workspace's Alerts calls (contracts alerts): the taskbar bell's unread in-app alerts (GET
 * …/inbox/unread, POST …/inbox/read) and the alert marks dashboards' charts pin (GET …/marks). Kept in
 * the workspace so the desktop need not load the Alerts app for them; failed reads are silent (spec §8).
 */
import type { AlertMark } from '@ferrite/contracts';
import { api } from '../app/api';
import type { OrgArg } from '../app/apiKit';

const bellApi = api.enhanceEndpoints({ addTagTypes: ['AlertBell'] }).injectEndpoints({
  endpoints: (build) => ({
    bellUnread: build.query<{ unread: number }, OrgArg>({
      query: ({ orgId }) => `/alert/orgs/${orgId}/inbox/unread`,
      extraOptions: { silent: true, skipForbiddenRedirect: true },
      providesTags: ['AlertBell'],
    }),
    bellMarkRead: build.mutation<unknown, OrgArg>({
      query: ({ orgId }) => ({ url: `/alert/orgs/${orgId}/inbox/read`, method: 'POST', body: {} }),
      extraOptions: { silent: true, skipForbiddenRedirect: true },
      invalidatesTags: ['AlertBell'],
    }),
    chartAlertMarks: build.query<
      { marks: AlertMark[] },
      OrgArg & { sensorIds: string[]; from: string; to: string }
    >({
      query: ({ orgId, sensorIds, from, to }) => ({
        url: `/alert/orgs/${orgId}/marks`,
        params: { sensor_ids: sensorIds.join(','), from, to },
      }),
      extraOptions: { silent: true, skipForbiddenRedirect: true },
    }),
  }),
});

export { bellApi };
export const { useBellUnreadQuery, useBellMarkReadMutation } = bellApi;
