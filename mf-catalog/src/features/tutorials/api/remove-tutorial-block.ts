import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Tutorial } from '../../../lib/content.js';

/** PUT /tutorial/content/{tutorialId} with the block's id: that block is gone. */
export const removeTutorialBlockApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    removeTutorialBlock: build.mutation<Tutorial, { tutorialId: string; blockId: string }>({
      query: ({ tutorialId, blockId }) => ({ url: routePath(ROUTES.tutorials.removeBlock, { tutorialId }), method: ROUTES.tutorials.removeBlock.method, body: { id: blockId } }),
      invalidatesTags: (_result, _error, { tutorialId }) => [{ type: 'Tutorial', id: tutorialId }],
    }),
  }),
});

export const { useRemoveTutorialBlockMutation } = removeTutorialBlockApi;
