import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Tutorial } from '../../../lib/content.js';

/** GET /tutorial/{id}: title and content blocks. */
export const getTutorialApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getTutorial: build.query<Tutorial, string>({
      query: (id) => routePath(ROUTES.tutorials.find, { id }),
      providesTags: (_result, _error, id) => [{ type: 'Tutorial', id }],
    }),
  }),
});

export const { useGetTutorialQuery } = getTutorialApi;
