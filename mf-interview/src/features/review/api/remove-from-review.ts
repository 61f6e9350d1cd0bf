import { ROUTES, routePath, type ReviewDeck } from '@dblearn/contracts';
import { baseApi, reviewApi } from '@dblearn/web';

/**
 * DELETE /users/me/review/{questionId}: takes the card out of the deck. Only the review page asks it,
 * so it lives here rather than in the shell's first load; the answer is the deck, put in its cache.
 */
const removeFromReviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    removeFromReview: build.mutation<ReviewDeck, string>({
      query: (questionId) => ({ url: routePath(ROUTES.review.remove, { questionId }), method: ROUTES.review.remove.method }),
      async onQueryStarted(_questionId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(reviewApi.util.upsertQueryData('getReviewDeck', undefined, data));
      },
    }),
  }),
});

export const { useRemoveFromReviewMutation } = removeFromReviewApi;
