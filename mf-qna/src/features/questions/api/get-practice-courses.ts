import { type Course, LIST_PAGE_SIZE, routePath, ROUTES } from '@dblearn/contracts';
import { qnaApi } from './qna-question.js';

/** A course to pick as a question's practice database: its id and name. */
export type PracticeCourse = Pick<Course, '_id' | 'name'>;

/**
 * GET /course (one page of the largest size): the courses an author may pick as the practice
 * database of a question's ```sql blocks. The gateway refuses (400) one without a SQL sandbox.
 * Named apart from the catalogue's course list: both live in the one base API.
 */
export const getPracticeCoursesApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    getPracticeCourses: build.query<PracticeCourse[], void>({
      query: () => ({ url: routePath(ROUTES.courses.list), params: { pageSize: LIST_PAGE_SIZE.max } }),
      transformResponse: (courses: Course[]) => courses.map(({ _id, name }) => ({ _id, name })),
    }),
  }),
});

export const { useGetPracticeCoursesQuery } = getPracticeCoursesApi;
