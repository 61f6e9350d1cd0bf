import type { UserProfile } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

/**
 * GET /users/me. The shell asks once per page load while signed in: a token the gateway no longer
 * accepts (secret changed, user gone) answers 401, which ends the session before anything else.
 */
export const meApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<UserProfile, void>({
      query: () => '/users/me',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetMeQuery } = meApi;
