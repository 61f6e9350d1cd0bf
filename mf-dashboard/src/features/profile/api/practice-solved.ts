import { ROUTES, routePath } from '@dblearn/contracts';
import type { PracticeSolved } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

/** GET /practice/solved (issue 34): the learner's solved exercises per topic and difficulty. */
export const practiceSolvedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPracticeSolved: build.query<PracticeSolved, void>({
      query: () => routePath(ROUTES.practice.solved),
    }),
  }),
});

export const { useGetPracticeSolvedQuery } = practiceSolvedApi;
