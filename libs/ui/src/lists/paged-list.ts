import { TOTAL_COUNT_HEADER, type ListPage } from '@dblearn/contracts';
import { useEffect } from 'react';
import { useNavigate } from '@dblearn/web/router';
import { pageCount } from '../components/pagination.js';

/** The `meta` RTK Query hands to `transformResponse` / a `queryFn` result: only the answer's headers matter here. */
export interface ResponseMeta {
  response?: { headers: { get(name: string): string | null } };
}

/** The gateway's X-Total-Count on a list answer: how many items match across all pages, or null without one. */
export function readTotalCount(meta: ResponseMeta | undefined): number | null {
  const header = meta?.response?.headers.get(TOTAL_COUNT_HEADER);
  if (header === null || header === undefined || header.trim() === '') return null;
  const total = Number(header);
  return Number.isFinite(total) ? total : null;
}

/** One page of a list answer (a plain array) with its total; without the header, the page is all there is. */
export function toListPage<T>(items: T[], meta: ResponseMeta | undefined): ListPage<T> {
  return { items, total: readTotalCount(meta) ?? items.length };
}

/** `?page=n` of a list's address, from 1; anything else (absent, 0, -2, 1.5, "x") is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface PagedListArgs {
  /** The page the address asks for (`readPage`). */
  page: number;
  /** How many items match (X-Total-Count, or a list's length). */
  total: number;
  /** While the first answer is awaited the total is not known yet: nothing moves. */
  loading: boolean;
  /** The address of a page of this list (topic and other filters kept). */
  pageHref: (page: number) => string;
  pageSize?: number;
}

export interface PagedList {
  lastPage: number;
  /** The page to show in the pagination: the asked one, or the last when it is past the end. */
  currentPage: number;
  /** The asked page is past the end and the address is being moved to the last page: show no empty state. */
  pastTheEnd: boolean;
}

/**
 * A page past the end (its last item was deleted, or an old link) moves to the last page, replacing
 * the address so Back does not return to the empty one.
 */
export function usePagedList({ page, total, loading, pageHref, pageSize }: PagedListArgs): PagedList {
  const navigate = useNavigate();
  const lastPage = pageCount(total, pageSize);
  const pastTheEnd = !loading && total > 0 && page > lastPage;
  const lastPageHref = pageHref(lastPage);
  useEffect(() => {
    if (pastTheEnd) navigate(lastPageHref, { replace: true });
  }, [pastTheEnd, navigate, lastPageHref]);
  return { lastPage, currentPage: Math.min(page, lastPage), pastTheEnd };
}
