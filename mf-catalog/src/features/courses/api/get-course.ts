import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course } from '../../../lib/content.js';

/** GET /course/{id}: the course with its tutorial and project titles. */
export const getCourseApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCourse: build.query<Course, string>({
      query: (id) => routePath(ROUTES.courses.find, { id }),
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCourseQuery } = getCourseApi;
