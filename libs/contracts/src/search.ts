import type { z } from 'zod';
import type * as answers from './answers/search.answers.js';

/** Issue 22: what GET /api/search finds, in the order the results are grouped. */
export const SEARCH_KINDS = ['course', 'tutorial', 'project', 'interview', 'qna'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  course: 'Courses',
  tutorial: 'Tutorials',
  project: 'Projects',
  interview: 'Interview questions',
  qna: 'Q&A threads',
};

/** A [start, end) character range of a matched word. */
export type SearchMark = [number, number];
export type SearchSnippet = z.output<typeof answers.SearchSnippetAnswer>;
export type SearchHit = z.output<typeof answers.SearchHitAnswer>;
export type ServiceSearch = z.output<typeof answers.ServiceSearchAnswer>;
export type SearchPage = z.output<typeof answers.SearchPageAnswer>;
