import { ROUTES, routePath } from '@dblearn/contracts';
import { ownQuestionPosted } from './qna-live.js';
import { QUESTION_LIST_TAG, qnaApi, type QnaQuestion, type QuestionInput } from './qna-question.js';

/** POST /qna: the lists refetch, so the new question shows at the top without a reload. */
export const createQuestionApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    createQuestion: build.mutation<QnaQuestion, QuestionInput>({
      query: (body) => ({ url: routePath(ROUTES.qna.create), method: ROUTES.qna.create.method, body }),
      invalidatesTags: [QUESTION_LIST_TAG],
      async onQueryStarted(_question, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The live stream must not count the author's own question as new.
        if (data) dispatch(ownQuestionPosted(data._id));
      },
    }),
  }),
});

export const { useCreateQuestionMutation } = createQuestionApi;
