import { baseApi } from '@dblearn/web';
import type { Tutorial } from '../../../lib/content.js';

/** GET /tutorial/{id}: title and content blocks. */
export const getTutorialApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTutorial: build.query<Tutorial, string>({
      query: (id) => `/tutorial/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Tutorial', id }],
    }),
  }),
});

export const { useGetTutorialQuery } = getTutorialApi;
