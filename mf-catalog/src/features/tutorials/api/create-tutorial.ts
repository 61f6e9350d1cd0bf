import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Tutorial } from '../../../lib/content.js';

/** A block as the forms send it (CONTRACT: `content` appends one block). */
export interface BlockFields {
  header: string;
  detail: string;
}

export interface CreateTutorialArgs {
  title: string;
  courseId: string;
  content?: BlockFields;
}

/** POST /tutorial with courseId: created and attached to the course in one call; the course page refreshes. */
export const createTutorialApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    createTutorial: build.mutation<Tutorial, CreateTutorialArgs>({
      query: (body) => ({ url: routePath(ROUTES.tutorials.create), method: ROUTES.tutorials.create.method, body }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
  }),
});

export const { useCreateTutorialMutation } = createTutorialApi;
