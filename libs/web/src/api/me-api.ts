import type { UserProfile } from '@dblearn/contracts';
import { baseApi } from './base-api.js';

/**
 * GET /users/me, declared once for every area: the shell asks once per page load (a token the
 * gateway no longer accepts ends the session), the interview area reads the saved questions, the
 * dashboard the progress. Writes that change the user invalidate the 'User' tag.
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
