import { ROUTES, routePath } from '@dblearn/contracts';
import type { CheckSolution } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import { getCheckPassesApi } from './get-check-passes.js';

/**
 * POST /project/{projectId}/checks/{checkId}/solution: the model solution and its explanation, once
 * the learner failed the check three times or passed it (403 before). A reveal before the pass is
 * recorded: the pass then counts as solved with the solution shown.
 */
export const revealSolutionApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    revealSolution: build.mutation<CheckSolution, { projectId: string; checkId: string }>({
      query: ({ projectId, checkId }) => ({ url: routePath(ROUTES.projects.solution, { projectId, checkId }), method: ROUTES.projects.solution.method }),
      async onQueryStarted({ projectId, checkId }, { dispatch, queryFulfilled }) {
        const revealed = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!revealed) return;
        dispatch(
          getCheckPassesApi.util.updateQueryData('getCheckPasses', projectId, (progress) => {
            // Only a reveal before the pass is recorded (a pass stays a plain pass).
            if (!progress.passed.includes(checkId) && !progress.solutionShown.includes(checkId)) progress.solutionShown.push(checkId);
          }),
        );
      },
    }),
  }),
});

export const { useRevealSolutionMutation } = revealSolutionApi;
