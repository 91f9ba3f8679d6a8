/**
 * Reports (spec §7 POST /dash_mgmt/orgs/{orgId}/dashboards/{id}/reports): one panel of a dashboard drawn
 * by the server as a PDF or PNG, answered as a signed download link and mailed to any recipients.
 */
import type { DashboardReport, DashboardReportBody } from '@ferrite/contracts';
import { type DashboardArg, dashApi, dashboardUrl } from './apiBase';

const reportsApi = dashApi.injectEndpoints({
  endpoints: (build) => ({
    sendReport: build.mutation<DashboardReport, DashboardArg & { body: DashboardReportBody }>({
      query: ({ body, ...arg }) => ({ url: dashboardUrl(arg, '/reports'), method: 'POST', body }),
    }),
  }),
});

export const { useSendReportMutation } = reportsApi;
