import type { ReviewDeck, ReviewGrade } from '@dblearn/contracts';
import { baseApi } from './base-api.js';

export interface ReviewGradeRequest {
  id: string;
  grade: ReviewGrade;
  /** The card's version as shown: a grade sent twice counts once on the server. */
  version: number;
}

/**
 * The signed-in learner's review deck (issue 34), declared once: the review page shows and grades
 * the due cards, the dashboard and the navbar show how many are due. The deck also provides 'User':
 * saving a question (which adds its card) asks it again.
 */
export const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewDeck: build.query<ReviewDeck, void>({
      query: () => '/users/me/review',
      providesTags: ['Review', 'User'],
    }),
    addToReview: build.mutation<ReviewDeck, string>({
      query: (id) => ({ url: '/users/me/review', method: 'POST', body: { id } }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(reviewApi.util.upsertQueryData('getReviewDeck', undefined, data));
      },
    }),
    gradeReview: build.mutation<ReviewDeck, ReviewGradeRequest>({
      query: (body) => ({ url: '/users/me/review/grade', method: 'POST', body }),
      // The answer is the deck after the grade: the next card comes without another call.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(reviewApi.util.upsertQueryData('getReviewDeck', undefined, data));
      },
    }),
  }),
});

export const { useGetReviewDeckQuery, useAddToReviewMutation, useGradeReviewMutation } = reviewApi;
