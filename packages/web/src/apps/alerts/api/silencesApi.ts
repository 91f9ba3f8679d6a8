/** Silences, the maintenance windows (/alert/orgs/{orgId}/silences): list, create, delete. */
import type { Silence, SilenceMatcher } from '@ferrite/contracts';
import type { OrgArg } from '../../../app/apiKit';
import { alertBase, alertsApi, SILENT } from './apiBase';

/** What creating a silence sends. */
export interface SilenceInput {
  matcher: SilenceMatcher;
  starts_at: string;
  ends_at: string;
  comment: string;
}

const silencesEndpoints = alertsApi.injectEndpoints({
  endpoints: (build) => ({
    listSilences: build.query<{ silences: Silence[]; total_entries: number }, OrgArg>({
      query: ({ orgId }) => ({
        url: `${alertBase(orgId)}/silences`,
        params: { page_number: 1, page_size: 100 },
      }),
      extraOptions: SILENT,
      providesTags: ['AlertSilences'],
    }),
    createSilence: build.mutation<Silence, OrgArg & { body: SilenceInput }>({
      query: ({ orgId, body }) => ({ url: `${alertBase(orgId)}/silences`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['AlertSilences', 'Alerts'] : []),
    }),
    deleteSilence: build.mutation<void, OrgArg & { silenceId: string }>({
      query: ({ orgId, silenceId }) => ({
        url: `${alertBase(orgId)}/silences/${silenceId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['AlertSilences', 'Alerts']),
    }),
  }),
});

export const { useListSilencesQuery, useCreateSilenceMutation, useDeleteSilenceMutation } = silencesEndpoints;
