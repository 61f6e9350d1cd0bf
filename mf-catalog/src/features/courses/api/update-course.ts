import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course } from '../../../lib/content.js';
import type { CourseFields } from './create-course.js';

/** PUT /course/{id}: that course refreshes wherever it is shown (its page and any list page holding it). */
export const updateCourseApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    updateCourse: build.mutation<Course, CourseFields & { id: string }>({
      query: ({ id, ...body }) => ({ url: routePath(ROUTES.courses.update, { id }), method: ROUTES.courses.update.method, body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useUpdateCourseMutation } = updateCourseApi;
