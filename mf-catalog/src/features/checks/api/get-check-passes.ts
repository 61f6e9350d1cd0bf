import type { CheckPasses } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';

/** GET /project/{projectId}/passes: which of the project's checks the signed-in learner has passed (survives a reload). */
export const getCheckPassesApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckPasses: build.query<CheckPasses, string>({
      query: (projectId) => `/project/${projectId}/passes`,
      providesTags: (_result, _error, projectId) => [{ type: 'CheckPasses', id: projectId }],
    }),
  }),
});

export const { useGetCheckPassesQuery } = getCheckPassesApi;
