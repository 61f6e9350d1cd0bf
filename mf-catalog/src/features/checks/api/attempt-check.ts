import { ROUTES, routePath } from '@dblearn/contracts';
import type { AttemptResult, CheckAttempt } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import { getCheckPassesApi } from './get-check-passes.js';

export type AttemptArgs = { projectId: string; checkId: string } & CheckAttempt;

/**
 * POST /project/{projectId}/attempts: the server grades the learner's SQL, mongo query or quiz answer.
 * The answer's hints and failure count go into the learner's progress at once (a reload reads them
 * from GET passes); a pass refreshes the passes.
 */
export const attemptCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    attemptCheck: build.mutation<AttemptResult, AttemptArgs>({
      query: ({ projectId, ...body }) => ({ url: routePath(ROUTES.projects.attempt, { projectId }), method: ROUTES.projects.attempt.method, body }),
      async onQueryStarted({ projectId, checkId }, { dispatch, queryFulfilled }) {
        const { data: result } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!result || result.passed) return;
        dispatch(
          getCheckPassesApi.util.updateQueryData('getCheckPasses', projectId, (progress) => {
            progress.hints[checkId] = result.hints;
            progress.failures[checkId] = result.failures;
          }),
        );
      },
      // A 404 means the check (or project) is gone: the page reloads the project to show what is left.
      invalidatesTags: (result, error, { projectId }) =>
        result?.passed ? [{ type: 'CheckPasses', id: projectId }] : error && 'status' in error && error.status === 404 ? [{ type: 'Project', id: projectId }] : [],
    }),
  }),
});

export const { useAttemptCheckMutation } = attemptCheckApi;
