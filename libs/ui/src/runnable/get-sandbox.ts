import type { Sandbox } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

export type { Sandbox };

/** GET /course/sandbox/{courseId}: a course's practice database (404 when it has none). */
export const sandboxApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sandbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getSandbox: build.query<Sandbox, string>({
      query: (courseId) => `/course/sandbox/${courseId}`,
      providesTags: (_result, _error, courseId) => [{ type: 'Sandbox', id: courseId }],
    }),
  }),
});

export const { useGetSandboxQuery } = sandboxApi;
