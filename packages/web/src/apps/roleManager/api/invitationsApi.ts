/**
 * Pending invitations (/role_mgmt/orgs/{orgId}/invitations): the Invites tab, inviting, resending and
 * revoking. Inviting an archived member moves them from Archived to Invites at once (spec §4).
 */
import type { CreateInvitationBody, Invitation } from '@ferrite/contracts';
import { dataOf, type OrgArg, pageParams, succeeded } from '../../../app/apiKit';
import type { RootState } from '../../../app/store';
import { invitationResent, invitationRevoked, invitationsPageLoaded, userInvited } from '../state/lists';
import { base, type ItemArg, type OrgPageArg, roleManagerApi, touched } from './apiBase';

export interface InvitationsPage {
  invitations: Invitation[];
  total_entries: number;
  abilities: string[];
}

export const invitationsApi = roleManagerApi.injectEndpoints({
  endpoints: (build) => ({
    listInvitations: build.query<InvitationsPage, OrgPageArg>({
      query: (arg) => ({
        url: `${base(arg.orgId)}/invitations`,
        params: pageParams(arg, { status: 'pending' }),
      }),
      providesTags: ['RmInvitations'],
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        dispatch(
          invitationsPageLoaded({ page: arg.page, items: data.invitations, total: data.total_entries }),
        );
      },
    }),
    /** Invites; `archivedUserId` names the archived member being invited back, when known. */
    inviteUser: build.mutation<Invitation, OrgArg & { body: CreateInvitationBody; archivedUserId?: string }>({
      query: ({ orgId, body }) => ({ url: `${base(orgId)}/invitations`, method: 'POST', body }),
      invalidatesTags: touched('RmUsers', 'RmInvitations'),
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (!data) return;
        const archivedUserId =
          arg.archivedUserId ?? archivedUserWithEmail(getState() as RootState, data.email);
        dispatch(userInvited({ invitation: data, archivedUserId }));
      },
    }),
    resendInvitation: build.mutation<Invitation, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/invitations/${id}/resend`, method: 'POST' }),
      invalidatesTags: touched('RmInvitations'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const data = await dataOf(queryFulfilled);
        if (data) dispatch(invitationResent(data));
      },
    }),
    revokeInvitation: build.mutation<void, ItemArg>({
      query: ({ orgId, id }) => ({ url: `${base(orgId)}/invitations/${id}`, method: 'DELETE' }),
      // A revoked re-invite puts the archived member back under Archived, so users re-count too.
      invalidatesTags: touched('RmUsers', 'RmInvitations'),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) dispatch(invitationRevoked(id));
      },
    }),
  }),
});

/** The archived member with this e-mail on the held Archived page, if any (for the invite move). */
export function archivedUserWithEmail(state: RootState, email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return state.roleManager.lists.users.archived.items.find((u) => u.email.toLowerCase() === wanted)?.id;
}

export const {
  useListInvitationsQuery,
  useInviteUserMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = invitationsApi;
