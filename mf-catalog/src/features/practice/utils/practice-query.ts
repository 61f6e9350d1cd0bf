import {
  isTopic,
  PRACTICE_DIFFICULTIES,
  PRACTICE_KINDS,
  PRACTICE_SORTS,
  PRACTICE_STATUSES,
  type CheckDifficulty,
  type CheckKind,
  type PracticeSort,
  type PracticeStatus,
  type Topic,
} from '@dblearn/contracts';
import { readPage } from '@dblearn/ui';

/** The practice list's filters, as the address keeps them (?topic=sql&difficulty=easy&page=2): a filtered list can be shared. */
export interface PracticeQuery {
  topic: Topic | null;
  course: string | null;
  kind: CheckKind | null;
  difficulty: CheckDifficulty | null;
  status: PracticeStatus | null;
  sort: PracticeSort | null;
  q: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : null);

/** Reads the address; a value that is not one of the allowed ones is as if absent (an old or edited link still shows a list). */
export function readPracticeQuery(params: URLSearchParams): PracticeQuery {
  const topic = params.get('topic');
  const course = params.get('course');
  return {
    topic: isTopic(topic) ? topic : null,
    course: course && /^[0-9a-f]{24}$/i.test(course) ? course : null,
    kind: oneOf(PRACTICE_KINDS, params.get('kind')),
    difficulty: oneOf(PRACTICE_DIFFICULTIES, params.get('difficulty')),
    status: oneOf(PRACTICE_STATUSES, params.get('status')),
    sort: oneOf(PRACTICE_SORTS, params.get('sort')),
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: readPage(params),
  };
}

/** The address of a query: only what is set, page 1 left out. */
export function practiceSearch(query: PracticeQuery): URLSearchParams {
  const search = new URLSearchParams();
  for (const field of ['topic', 'course', 'kind', 'difficulty', 'status', 'sort'] as const) {
    const value = query[field];
    if (value) search.set(field, value);
  }
  if (query.q) search.set('q', query.q);
  if (query.page > 1) search.set('page', String(query.page));
  return search;
}

/** What the gateway is asked: the same fields, with the page size. */
export function practiceParams(query: PracticeQuery, pageSize: number): Record<string, string | number> {
  return { ...Object.fromEntries(practiceSearch({ ...query, page: 1 })), page: query.page, pageSize };
}
