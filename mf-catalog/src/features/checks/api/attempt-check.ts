import type { AttemptResult } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';

export interface AttemptArgs {
  projectId: string;
  checkId: string;
  sql: string;
}

/** POST /project/{projectId}/attempts: the server grades the query; a pass refreshes the learner's passes. */
export const attemptCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    attemptCheck: build.mutation<AttemptResult, AttemptArgs>({
      query: ({ projectId, checkId, sql }) => ({ url: `/project/${projectId}/attempts`, method: 'POST', body: { checkId, sql } }),
      // A 404 means the check (or project) is gone: the page reloads the project to show what is left.
      invalidatesTags: (result, error, { projectId }) =>
        result?.passed ? [{ type: 'CheckPasses', id: projectId }] : error && 'status' in error && error.status === 404 ? [{ type: 'Project', id: projectId }] : [],
    }),
  }),
});

export const { useAttemptCheckMutation } = attemptCheckApi;
