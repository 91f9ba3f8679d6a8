/** The signed-in user's profile: GET /me and PUT /me/settings, applied optimistically. */
import type { MeResponse, SignInBody, UpdateSettingsBody } from '@ferrite/contracts';
import { api } from '../app/api';

/** The profile with a settings change applied, as the server will answer it. */
export function applySettings(me: MeResponse, body: UpdateSettingsBody): MeResponse {
  const setting = me.user_credentials.user_setting;
  return {
    ...me,
    avatar: body.avatar ?? me.avatar,
    user_credentials: {
      user_setting: {
        visual_settings: { ...setting.visual_settings, ...body.visual_settings },
        data_settings: { ...setting.data_settings, ...body.data_settings },
      },
    },
  };
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<MeResponse, void>({
      query: () => '/me',
      providesTags: ['Me'],
    }),
    updateSettings: build.mutation<MeResponse, UpdateSettingsBody>({
      query: (body) => ({ url: '/me/settings', method: 'PUT', body }),
      invalidatesTags: ['Me'],
      // The desktop repaints at once; a failed save rolls the cached profile back.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          profileApi.util.updateQueryData('getMe', undefined, (draft) => applySettings(draft, body)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** The lock screen's check: POST /sign-in with the user's e-mail; only success matters. */
    checkPassword: build.mutation<void, SignInBody>({
      query: (body) => ({ url: '/sign-in', method: 'POST', body }),
      transformResponse: () => undefined,
      // A wrong password answers 401: that is this call's answer, not an expired session.
      extraOptions: { skipRefresh: true, skipForbiddenRedirect: true },
    }),
  }),
});

export const { useGetMeQuery, useUpdateSettingsMutation, useCheckPasswordMutation } = profileApi;
