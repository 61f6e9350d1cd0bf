import type { SearchHit } from '@dblearn/contracts';

/** Where a result opens: the page that shows it in its area. */
export function resultPath(hit: Pick<SearchHit, 'kind' | 'id' | 'courseId' | 'topic'>): string {
  switch (hit.kind) {
    case 'course':
      return `/catalog/${hit.id}`;
    case 'tutorial':
      return `/catalog/${hit.courseId ?? ''}/tutorial/${hit.id}`;
    case 'project':
      return `/catalog/${hit.courseId ?? ''}/project/${hit.id}`;
    case 'interview':
      // The interview area lists questions by topic; it has no page of one question.
      return `/interview?topic=${hit.topic}`;
    case 'qna':
      return `/qna/${hit.id}`;
  }
}

/** The full results page for a query. */
export function searchPagePath(q: string, kind?: string, page?: number): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set('kind', kind);
  if (page && page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}
