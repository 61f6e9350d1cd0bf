import type { CheckSolution } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import { getCheckPassesApi } from './get-check-passes.js';

/**
 * POST /project/{projectId}/checks/{checkId}/solution: the model solution and its explanation, once
 * the learner failed the check three times (403 before). The server records it: from then on a pass
 * of the check counts as solved with the solution shown.
 */
export const revealSolutionApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    revealSolution: build.mutation<CheckSolution, { projectId: string; checkId: string }>({
      query: ({ projectId, checkId }) => ({ url: `/project/${projectId}/checks/${checkId}/solution`, method: 'POST' }),
      async onQueryStarted({ projectId, checkId }, { dispatch, queryFulfilled }) {
        const revealed = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!revealed) return;
        dispatch(
          getCheckPassesApi.util.updateQueryData('getCheckPasses', projectId, (progress) => {
            if (!progress.solutionShown.includes(checkId)) progress.solutionShown.push(checkId);
          }),
        );
      },
    }),
  }),
});

export const { useRevealSolutionMutation } = revealSolutionApi;
