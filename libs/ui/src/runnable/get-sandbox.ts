import { baseApi } from '@dblearn/web';

/** A course's practice database (CONTRACT GET /course/sandbox/{courseId}). */
export interface Sandbox {
  kind: 'sql' | 'mongo';
  source: string;
}

const sandboxApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sandbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getSandbox: build.query<Sandbox, string>({
      query: (courseId) => `/course/sandbox/${courseId}`,
      providesTags: (_result, _error, courseId) => [{ type: 'Sandbox', id: courseId }],
    }),
  }),
});

export const { useGetSandboxQuery } = sandboxApi;
