import { baseApi } from '@dblearn/web';
import type { Course } from '../../../lib/content.js';
import type { CourseFields } from './create-course.js';

/** PUT /course/{id}: that course refreshes wherever it is shown (its page and any list page holding it). */
export const updateCourseApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateCourse: build.mutation<Course, CourseFields & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/course/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useUpdateCourseMutation } = updateCourseApi;
