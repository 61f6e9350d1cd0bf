import { type Course, LIST_PAGE_SIZE, routePath, ROUTES } from '@dblearn/contracts';
import { readTotalCount } from '@dblearn/ui';
import { baseApi } from '@dblearn/web';

/** More pages than any catalogue we expect (100 courses a page): a bound, never an endless loop. */
const MAX_PAGES = 50;

export const COURSE_LIST_TAG = { type: 'Course', id: 'LIST' } as const;

/**
 * Every course with its tutorial and project lists (GET /course, 100 a page, until X-Total-Count is
 * reached): the dashboard counts progress against the whole catalogue, in catalogue order.
 */
export const courseCatalogueApi = baseApi.enhanceEndpoints({ addTagTypes: ['Course'] }).injectEndpoints({
  endpoints: (build) => ({
    getCourseCatalogue: build.query<Course[], void>({
      async queryFn(_arg, _api, _extraOptions, fetchFromGateway) {
        const courses: Course[] = [];
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const result = await fetchFromGateway({ url: routePath(ROUTES.courses.list), params: { page, pageSize: LIST_PAGE_SIZE.max } });
          if (result.error) return { error: result.error };
          const items = result.data as Course[];
          courses.push(...items);
          const total = readTotalCount(result.meta);
          if (items.length < LIST_PAGE_SIZE.max || total === null || courses.length >= total) break;
        }
        return { data: courses };
      },
      providesTags: [COURSE_LIST_TAG],
    }),
  }),
});

export const { useGetCourseCatalogueQuery } = courseCatalogueApi;
