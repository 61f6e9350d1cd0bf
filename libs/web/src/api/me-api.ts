import type { SqlEngine, UserProfile } from '@dblearn/contracts';
import type { GatewayCallOptions } from './base-api.js';
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
    /** PATCH /users/me {labEngine}: the store's listener sends it when a learner flips an engine switch; the answer refreshes the profile in place. */
    chooseLabEngine: build.mutation<UserProfile, SqlEngine>({
      query: (labEngine) => ({ url: '/users/me', method: 'PATCH', body: { labEngine } }),
      // The switch works on the page either way; a lost write is only not remembered.
      extraOptions: { logOnlyUnexpected: true } satisfies GatewayCallOptions,
      async onQueryStarted(_engine, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        // A patch, not a new fetch: the engine shown stays the learner's latest click, whatever answers last.
        if (answer) dispatch(meApi.util.updateQueryData('getMe', undefined, () => answer.data));
      },
    }),
  }),
});

export const { useGetMeQuery } = meApi;
