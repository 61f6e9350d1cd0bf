import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Tutorial } from '../../../lib/content.js';
import type { BlockFields } from './create-tutorial.js';

export interface UpdateTutorialArgs {
  id: string;
  /** The course whose tutorial list shows the title. */
  courseId: string;
  title: string;
  content?: BlockFields;
}

/** PUT /tutorial/{id}: a new title, and `content` appends a block. */
export const updateTutorialApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    updateTutorial: build.mutation<Tutorial, UpdateTutorialArgs>({
      query: ({ id, title, content }) => ({ url: routePath(ROUTES.tutorials.update, { id }), method: ROUTES.tutorials.update.method, body: content ? { title, content } : { title } }),
      invalidatesTags: (_result, _error, { id, courseId }) => [
        { type: 'Tutorial', id },
        { type: 'Course', id: courseId },
      ],
    }),
  }),
});

export const { useUpdateTutorialMutation } = updateTutorialApi;
