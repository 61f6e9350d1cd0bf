import { ROUTES, routePath } from '@dblearn/contracts';
import type { Topic } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course } from '../../../lib/content.js';

/** SPEC §5 "Course": the form's fields (CONTRACT: POST /course and PUT /course/{id} take the same). */
export interface CourseFields {
  topic: Topic;
  name: string;
  teacher: string;
  length: string;
}

/** POST /course: the new course joins the lists. */
export const createCourseApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    createCourse: build.mutation<Course, CourseFields>({
      query: (body) => ({ url: routePath(ROUTES.courses.create), method: ROUTES.courses.create.method, body }),
      invalidatesTags: [{ type: 'Course', id: 'LIST' }],
    }),
  }),
});

export const { useCreateCourseMutation } = createCourseApi;
