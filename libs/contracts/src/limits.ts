/**
 * SPEC §5 and §9, written once. Server DTOs and client forms both read these; never type a limit twice.
 * `min`/`max` are character counts. Where the spec gives no upper bound we set one so that a single
 * field can never fill the 100 kB body limit on its own.
 */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/**
 * A tutorial's or project's content block (issue 17: the original SQL4U "Soccer Database" project has
 * a 56,610-character sample table). The routes that carry a block take CONTENT_BODY_LIMIT_BYTES.
 */
export const BLOCK_DETAIL_MAX = 100_000;

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
    detail: { min: 0, max: BLOCK_DETAIL_MAX },
  },
  tutorial: {
    title: { min: 1, max: 50 },
    header: { min: 5, max: 255 },
    detail: { min: 5, max: BLOCK_DETAIL_MAX },
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

/**
 * The name a person reads for each field, beside its limits: the forms' labels and the first words
 * of the server's refusals ("Answer must be 10 to 3000 characters long.") are the same text.
 */
export const FIELD_LABELS = {
  /** The sign-in form labels the e-mail "Username" (SPEC §5); its sentences name it E-mail on both sides. */
  user: { email: 'E-mail', password: 'Password', skill: 'Skill' },
  course: { topic: 'Topic', name: 'Courses Name', teacher: 'Teacher Name', length: 'Total Time' },
  project: { title: 'Title', difficulty: 'Difficulty', header: 'Header', detail: 'Detail' },
  tutorial: { title: 'Tutorial Name', header: 'Header', detail: 'Detail' },
  interview: { topic: 'Topic', question: 'Question', answer: 'Answer' },
  check: {
    task: 'Task',
    referenceSql: 'Reference query',
    verifySql: 'Verification query',
    referenceSqlPostgres: 'Reference on PostgreSQL',
    verifySqlPostgres: 'Verification query on PostgreSQL',
    probe: 'Probe',
    referenceQuery: 'Reference query',
    explanation: 'Explanation',
    hiddenSource: 'Hidden variant',
  },
  /** A number quiz's key, as the check editor names it. */
  quiz: { answer: 'Answer', tolerance: 'Tolerance' },
  qna: { topic: 'Topic', title: 'Title', description: 'Question', reply: 'Answer' },
} as const satisfies Record<string, Record<string, string>>;

/**
 * NATS's default max_payload (the servers run with it): every request and reply between the
 * gateway and a service must fit in one message of this size, envelope included.
 */
export const NATS_MAX_PAYLOAD_BYTES = 1024 * 1024;

/**
 * CONTRACT "Q&A": a question with its replies is answered whole (GET /qna/{id} and every write), so
 * a thread stays well inside one NATS message. 3,000 characters can take 18 kB of JSON (escapes),
 * hence a byte budget beside the count; the service refuses (409) the write that would pass either.
 */
export const QNA_THREAD_LIMITS = { maxReplies: 200, maxJsonBytes: 400 * 1024 } as const;
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
/**
 * POST /tutorial, PUT /tutorial/{id} and PUT /project/{id} carry a block of up to BLOCK_DETAIL_MAX
 * characters: JSON escapes can make one character six bytes (600,000), plus the header and title.
 */
export const CONTENT_BODY_LIMIT_BYTES = 640 * 1024;
/**
 * A tutorial or project travels whole in one NATS message (its answers, an import's item): a block
 * that would take one past this is refused (409) before it is written.
 */
export const CONTENT_ITEM_MAX_JSON_BYTES = 900 * 1024;
/** PUT /course/sandbox takes a 200 kB script; JSON escapes can make its body larger than that. */
export const SANDBOX_BODY_LIMIT_BYTES = 600 * 1024;
/** CONTRACT: POST /content/import alone takes up to 20 MB. */
export const CONTENT_IMPORT_LIMIT_BYTES = 20 * 1024 * 1024;

/** A number of calls per window, per user. */
export interface UserRate {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Issue 17: what one signed-in user may ask of the servers, above anything a person does by hand.
 * Counted per user id in each gateway (several gateways each count alone). Admin saves (sandbox,
 * checks) are other calls and are not counted here.
 */
export const USER_LIMITS = {
  /** POST /project/{id}/attempts per learner. */
  attempts: { limit: 30, windowMs: 60_000 },
  /** Graded attempts one learner may have running at once. */
  attemptsInFlight: 2,
  /**
   * Issue 30: graded attempts running at once from one client address, all its accounts together,
   * so accounts made in a minute do not multiply the in-flight cap (two learners' worth).
   */
  attemptsInFlightPerAddress: 4,
  /** Q&A writes per user: questions, replies, edits. */
  qnaWrites: { limit: 10, windowMs: 60_000 },
  /** Issue 30: GET /search per user (a person types a few a second at most, and not for a minute). */
  searches: { limit: 120, windowMs: 60_000 },
} as const satisfies { attempts: UserRate; attemptsInFlight: number; attemptsInFlightPerAddress: number; qnaWrites: UserRate; searches: UserRate };

/**
 * Issue 22: the Q&A live stream (GET /api/live/qna, Server-Sent Events). Each open stream is one
 * connection held by the gateway (and the edge): bounded per user and per gateway; a comment line
 * every heartbeat keeps proxies from closing a quiet stream and tells the client it is alive; a
 * client that does not read (its unsent bytes pass maxUnsentBytes) is dropped.
 */
export const LIVE_LIMITS = {
  /** LIVE_CONNECTIONS_PER_USER: streams one user may have open (one per tab). */
  perUser: 6,
  /**
   * LIVE_CONNECTIONS_PER_ADDRESS (issue 30): streams from one client address, all its users
   * together. Half the edge's connections per address (HTTP_SERVER_LIMITS.maxConnectionsPerAddress),
   * so streams, which never end, cannot take every connection an address may hold.
   */
  perAddress: 32,
  /** LIVE_CONNECTIONS_TOTAL: streams one gateway keeps open, all users together. */
  total: 2_000,
  /** LIVE_HEARTBEAT_MS: between two heartbeats. */
  heartbeatMs: 15_000,
  /** Bytes written to a stream but not yet taken by its client: past this the client is dropped. */
  maxUnsentBytes: 64 * 1024,
  /** What the stream tells a browser to wait before reconnecting (the SSE `retry:` field). */
  retryMs: 1_000,
} as const;

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

/**
 * CONTRACT "Runnable SQL": what one run of learners' SQL may read back, counted from SQLite's own
 * sizes while it steps (server and browser alike). A value over `valueBytes` or a result over
 * `totalBytes` fails the run instead of filling the memory of the thread that reads it.
 */
export const SQL_RESULT_BYTE_CAPS = { totalBytes: 4 * 1024 * 1024, valueBytes: 1024 * 1024 } as const;
/** A copy of a sandbox (and a sandbox being built) grows to at most this many 4 kB pages (64 MB). */
export const SQL_COPY_MAX_PAGES = 16_384;
/** An attempt's answer shows rows and columns up to about this many bytes of JSON (NATS carries at most 1 MB). */
export const ATTEMPT_SHOWN_BYTES = 256 * 1024;
/** A value longer than this is shown cut, with "…" (the comparison reads it whole). */
export const SHOWN_VALUE_CHARS = 2_000;

/**
 * Issue 22, GET /api/search: q is 1–200 characters after trimming; a page holds PAGE_SIZE results;
 * at most `maxPage` pages (a service ranks at most maxPage × PAGE_SIZE hits per call); a query's
 * first `maxTerms` words count, the rest are ignored.
 */
export const SEARCH_LIMITS = { query: { min: 1, max: 200 }, maxPage: 20, maxTerms: 8 } as const;
