import { PAGE_SIZE } from '@dblearn/contracts';

/** How many pages `totalItems` fill; at least one, so an empty list still has a page 1. */
export function pageCount(totalItems: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isFinite(totalItems) || totalItems <= 0 || pageSize <= 0) return 1;
  return Math.ceil(totalItems / pageSize);
}

/** A page number within 1..pageCount. */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, totalPages));
}

/** The items shown on a page (pages count from 1). */
export function pageItems<T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  const start = (current - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export type PageLink = number | 'gap';

/**
 * The page buttons to show: always the first and last page, the current one with `siblings` on
 * each side, and a gap where pages are left out (a gap never stands for a single page).
 */
export function visiblePages(current: number, totalPages: number, siblings = 1): PageLink[] {
  const page = clampPage(current, totalPages);
  const shown = new Set<number>([1, totalPages]);
  for (let offset = -siblings; offset <= siblings; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= totalPages) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  sorted.forEach((number, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) links.push('gap');
    links.push(number);
  });
  return links;
}

export interface PaginationProps {
  totalItems: number;
  currentPage: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
  /** Names the landmark when a page has more than one list. */
  label?: string;
}

/** Page buttons for a list (SPEC §9: six a page). Renders nothing when everything fits on one page. */
export function Pagination({ totalItems, currentPage, onPageChange, pageSize = PAGE_SIZE, label = 'Pagination' }: PaginationProps) {
  const totalPages = pageCount(totalItems, pageSize);
  if (totalPages <= 1) return null;
  const page = clampPage(currentPage, totalPages);
  return (
    <nav className="dbl-pagination" aria-label={label}>
      <ul className="dbl-pagination__list">
        <li>
          <button type="button" className="dbl-pagination__step" disabled={page === 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </button>
        </li>
        {visiblePages(page, totalPages).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} className="dbl-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              <button
                type="button"
                className="dbl-pagination__page"
                aria-label={`Page ${link}`}
                aria-current={link === page ? 'page' : undefined}
                onClick={() => onPageChange(link)}
              >
                {link}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="dbl-pagination__step" disabled={page === totalPages} onClick={() => onPageChange(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
