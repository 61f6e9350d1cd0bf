import { ROUTES, routePath } from '@dblearn/contracts';
import type { Sandbox } from '@dblearn/contracts';
import { sandboxApi } from '@dblearn/ui';
import type { Course } from '../../../lib/content.js';

/**
 * PUT /course/sandbox/{courseId} (admins): the server runs the script on an empty database first and
 * answers 400 naming the line when it fails. The course's lessons read the new sandbox at once.
 */
export const putSandboxApi = sandboxApi.injectEndpoints({
  endpoints: (build) => ({
    putSandbox: build.mutation<Course, Sandbox & { courseId: string }>({
      query: ({ courseId, ...body }) => ({ url: routePath(ROUTES.courses.putSandbox, { courseId }), method: ROUTES.courses.putSandbox.method, body }),
      invalidatesTags: (_result, error, { courseId }) => (error ? [] : [{ type: 'Sandbox', id: courseId }]),
    }),
  }),
});

export const { usePutSandboxMutation } = putSandboxApi;
