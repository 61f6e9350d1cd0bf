import { PAGE_SIZE, routePath, ROUTES, type Topic } from '@dblearn/contracts';
import { toListPage } from '@dblearn/ui';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Course, ListPage } from '../../../lib/content.js';

export interface CoursePageArgs {
  /** null for All. */
  topic: Topic | null;
  /** From 1. */
  page: number;
}

/** GET /course?topic=&page=&pageSize=6: one page of courses and X-Total-Count for the pagination. */
export const getCoursesApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<ListPage<Course>, CoursePageArgs>({
      query: ({ topic, page }) => ({ url: routePath(ROUTES.courses.list), params: { page, pageSize: PAGE_SIZE, ...(topic ? { topic } : {}) } }),
      transformResponse: (items: Course[], meta) => toListPage(items, meta),
      providesTags: (result) => [{ type: 'Course', id: 'LIST' }, ...(result?.items ?? []).map((course) => ({ type: 'Course' as const, id: course._id }))],
    }),
  }),
});

export const { useGetCoursesQuery } = getCoursesApi;
