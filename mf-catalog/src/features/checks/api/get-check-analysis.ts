import { ROUTES, routePath } from '@dblearn/contracts';
import type { CheckAnalysis, CheckFigures, ListPage } from '@dblearn/contracts';
import type { CheckAnalysisSort } from '@dblearn/contracts/dto';
import { toListPage } from '@dblearn/ui';
import { catalogApi } from '../../../lib/catalog-api.js';

export interface CheckAnalysisPageArgs {
  sort: CheckAnalysisSort;
  order: 'asc' | 'desc';
  /** From 1. */
  page: number;
}

/** Rows of the admin's check analysis page. */
export const CHECK_ANALYSIS_PAGE_SIZE = 20;

/**
 * GET /checks/analysis and /checks/analysis/{projectId}/{checkId} (admins): learners' figures per
 * check, kept by events on the server, so asked again on each visit rather than cached by tags.
 */
export const getCheckAnalysisApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getCheckAnalysisPage: build.query<ListPage<CheckFigures>, CheckAnalysisPageArgs>({
      query: ({ sort, order, page }) => ({ url: routePath(ROUTES.checkAnalysis.list), params: { sort, order, page, pageSize: CHECK_ANALYSIS_PAGE_SIZE } }),
      transformResponse: (items: CheckFigures[], meta) => toListPage(items, meta),
    }),
    getCheckAnalysis: build.query<CheckAnalysis, { projectId: string; checkId: string }>({
      query: ({ projectId, checkId }) => routePath(ROUTES.checkAnalysis.find, { projectId, checkId }),
    }),
  }),
});

export const { useGetCheckAnalysisPageQuery, useGetCheckAnalysisQuery } = getCheckAnalysisApi;
