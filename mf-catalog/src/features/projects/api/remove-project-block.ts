import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

/** PUT /project/content/{projectId} with the block's id: that block is gone. */
export const removeProjectBlockApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    removeProjectBlock: build.mutation<Project, { projectId: string; blockId: string }>({
      query: ({ projectId, blockId }) => ({ url: routePath(ROUTES.projects.removeBlock, { projectId }), method: ROUTES.projects.removeBlock.method, body: { id: blockId } }),
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'Project', id: projectId }],
    }),
  }),
});

export const { useRemoveProjectBlockMutation } = removeProjectBlockApi;
