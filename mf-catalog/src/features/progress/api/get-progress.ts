import { baseApi } from '@dblearn/web';
import type { Progress } from '../../../lib/content.js';

/**
 * GET /users/me: finished projects and read tutorials. The same endpoint name as the shell's, so both
 * share one cache entry and one request; the definition is the same, so replacing it is harmless.
 */
export const getProgressApi = baseApi.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    getMe: build.query<Progress, void>({
      query: () => '/users/me',
      providesTags: ['User'],
    }),
  }),
});

export const useGetProgressQuery = getProgressApi.useGetMeQuery;
