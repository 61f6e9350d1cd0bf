/**
 * SPEC §5 and §9, written once. Server DTOs and client forms both read these; never type a limit twice.
 * `min`/`max` are character counts. Where the spec gives no upper bound we set one so that a single
 * field can never fill the 100 kB body limit on its own.
 */
export interface Range {
  readonly min: number;
  readonly max: number;
}

export const LIMITS = {
  user: {
    email: { min: 5, max: 50 },
    password: { min: 5, max: 255 },
  },
  course: {
    topic: { min: 1, max: 50 },
    name: { min: 5, max: 50 },
    teacher: { min: 5, max: 50 },
    length: { min: 5, max: 255 },
  },
  project: {
    title: { min: 5, max: 50 },
    difficulty: { min: 5, max: 255 },
    header: { min: 0, max: 255 },
    detail: { min: 0, max: 20000 },
  },
  tutorial: {
    title: { min: 1, max: 50 },
    header: { min: 5, max: 255 },
    detail: { min: 5, max: 20000 },
  },
  interview: {
    question: { min: 1, max: 3000 },
    answer: { min: 1, max: 20000 },
  },
  /** CONTRACT "Runnable SQL": a course's sandbox script, a check's task and reference query, a learner's query. */
  runnable: {
    source: { min: 1, max: 200 * 1024 },
    task: { min: 10, max: 3000 },
    sql: { min: 1, max: 10 * 1024 },
  },
  /** CONTRACT "Runnable SQL": the parts of a check besides its task and queries. */
  check: {
    hint: { min: 1, max: 500 },
    explanation: { min: 0, max: 2000 },
    option: { min: 1, max: 500 },
    setItem: { min: 1, max: 500 },
  },
  qna: {
    title: { min: 10, max: 3000 },
    description: { min: 10, max: 3000 },
    reply: { min: 10, max: 3000 },
  },
} as const satisfies Record<string, Record<string, Range>>;

/** How many of a check's parts it may have (CONTRACT "Runnable SQL"). */
export const CHECK_COUNTS = {
  hints: { min: 0, max: 3 },
  probes: { min: 0, max: 5 },
  options: { min: 2, max: 8 },
  /** A set quiz's items, and a learner's answer to one (or a choice answer's indexes). */
  items: { min: 1, max: 50 },
} as const satisfies Record<string, Range>;

/** SPEC §9: every list screen shows six items a page. */
export const PAGE_SIZE = 6;
/** CONTRACT "Conventions": list calls take pageSize 1–100, default 100. */
export const LIST_PAGE_SIZE = { min: 1, max: 100, default: 100 } as const;

/** CONTRACT "Conventions": lists say how many items match in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** CONTRACT: bodies over 100 kB answer 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/** PUT /course/sandbox takes a 200 kB script; JSON escapes can make its body larger than that. */
export const SANDBOX_BODY_LIMIT_BYTES = 600 * 1024;
/** CONTRACT: POST /content/import alone takes up to 20 MB. */
export const CONTENT_IMPORT_LIMIT_BYTES = 20 * 1024 * 1024;

/** SPEC §4, §9: toasts. */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 80;

/** SPEC §9: a lazily loaded script chunk gets two minutes. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The one sentence a person reads for a broken length rule, on the server and in the forms alike. */
export function lengthMessage(label: string, range: Range): string {
  if (range.min <= 1) return `${label} must be at most ${range.max} characters long.`;
  return `${label} must be ${range.min} to ${range.max} characters long.`;
}

export function requiredMessage(label: string): string {
  return `${label} is required.`;
}
