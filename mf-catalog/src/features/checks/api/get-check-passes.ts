import { ROUTES, routePath } from '@dblearn/contracts';
import type { CheckPasses } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';

/**
 * GET /project/{projectId}/passes: the signed-in learner's progress on the project's checks (survives
 * a reload): passed, solved with the solution shown, hints unlocked, failed attempts.
 */
export const getCheckPassesApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckPasses: build.query<CheckPasses, string>({
      query: (projectId) => routePath(ROUTES.projects.passes, { projectId }),
      providesTags: (_result, _error, projectId) => [{ type: 'CheckPasses', id: projectId }],
    }),
  }),
});

export const { useGetCheckPassesQuery } = getCheckPassesApi;
