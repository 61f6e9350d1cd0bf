import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course } from '../../../lib/content.js';

/** DELETE /course/{id}: its tutorials and projects go too, and with them learners' finished marks. */
export const deleteCourseApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    deleteCourse: build.mutation<Course, string>({
      query: (id) => ({ url: routePath(ROUTES.courses.delete, { id }), method: ROUTES.courses.delete.method }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Course', id }, { type: 'Course', id: 'LIST' }, 'User'],
    }),
  }),
});

export const { useDeleteCourseMutation } = deleteCourseApi;
