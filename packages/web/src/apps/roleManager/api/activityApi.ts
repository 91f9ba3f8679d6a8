/**
 * The organization's audit log (/role_mgmt/orgs/{orgId}/activity), paged and filtered; every write
 * refreshes it.
 */
import type { ActivityEntry, AppKey } from '@ferrite/contracts';
import { pageParams } from '../../../app/apiKit';
import { base, type OrgPageArg, roleManagerApi } from './apiBase';

/** Activity filters (all optional) on top of a page. */
export interface ActivityArg extends OrgPageArg {
  userId?: string;
  app?: AppKey;
  fromDate?: string;
  toDate?: string;
}
export interface ActivityPage {
  activity: ActivityEntry[];
  total_entries: number;
}

const activityApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query<ActivityPage, ActivityArg>({
      query: (arg) => ({
        url: `${base(arg.orgId)}/activity`,
        params: pageParams(arg, {
          user_id: arg.userId,
          app: arg.app,
          from_date: arg.fromDate,
          to_date: arg.toDate,
        }),
      }),
      providesTags: ['RmActivity'],
    }),
  }),
});

export const { useListActivityQuery } = activityApi;
