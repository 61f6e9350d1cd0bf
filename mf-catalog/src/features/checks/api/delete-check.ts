import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

/** PUT /project/deleteCheck/{projectId} with the check's id. */
export const deleteCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    deleteCheck: build.mutation<Project, { projectId: string; checkId: string }>({
      query: ({ projectId, checkId }) => ({ url: routePath(ROUTES.projects.deleteCheck, { projectId }), method: ROUTES.projects.deleteCheck.method, body: { id: checkId } }),
      invalidatesTags: (_result, _error, { projectId }) => [
        { type: 'Project', id: projectId },
        { type: 'StoredChecks', id: projectId },
        { type: 'CheckPasses', id: projectId },
      ],
    }),
  }),
});

export const { useDeleteCheckMutation } = deleteCheckApi;
