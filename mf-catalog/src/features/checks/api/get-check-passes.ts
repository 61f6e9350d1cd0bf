import type { CheckPasses } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';

/**
 * GET /project/{projectId}/passes: the signed-in learner's progress on the project's checks (survives
 * a reload): passed, solved with the solution shown, hints unlocked, failed attempts.
 */
export const getCheckPassesApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckPasses: build.query<CheckPasses, string>({
      query: (projectId) => `/project/${projectId}/passes`,
      providesTags: (_result, _error, projectId) => [{ type: 'CheckPasses', id: projectId }],
    }),
  }),
});

export const { useGetCheckPassesQuery } = getCheckPassesApi;
