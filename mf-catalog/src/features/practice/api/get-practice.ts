import { ROUTES, routePath } from '@dblearn/contracts';
import type { ListPage, PracticeExercise, PracticeNext } from '@dblearn/contracts';
import { toListPage } from '@dblearn/ui';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course } from '../../../lib/content.js';
import { practiceParams, type PracticeQuery } from '../utils/practice-query.js';

/** Exercises a page of the practice list shows. */
export const PRACTICE_PAGE_SIZE = 20;

/** GET /practice (issue 34): a page of exercises with the caller's status, and X-Total-Count. */
export const practiceApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getPractice: build.query<ListPage<PracticeExercise>, PracticeQuery>({
      query: (query) => ({ url: routePath(ROUTES.practice.list), params: practiceParams(query, PRACTICE_PAGE_SIZE) }),
      transformResponse: (items: PracticeExercise[], meta) => toListPage(items, meta),
    }),
    /** The course filter's choices: every course (one page of the most a list gives). */
    getPracticeCourses: build.query<Course[], void>({
      query: () => ({ url: routePath(ROUTES.courses.list), params: { pageSize: 100 } }),
    }),
    /** GET /practice/next?after=: the exercise a passed check's result offers next. */
    getNextExercise: build.query<PracticeNext, string>({
      query: (after) => ({ url: routePath(ROUTES.practice.next), params: { after } }),
    }),
  }),
});

export const { useGetPracticeQuery, useGetPracticeCoursesQuery, useGetNextExerciseQuery } = practiceApi;
