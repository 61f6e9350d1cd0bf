import type { SandboxRun } from '@dblearn/contracts';
import { namedLine, type SqlTable } from '@dblearn/lab';
import { apiErrorMessage, baseApi, errorStatus, isFetchBaseQueryError, type GatewayCallOptions } from '@dblearn/web';
import type { SqlRunResult } from './sql-result.js';

/**
 * A PostgreSQL run that did not happen, said calmly with the way on (issue 32): the lab is down or busy
 * (503), a limit was reached (429), or the visitor is signed out. `fallback`: offer "Run on SQLite".
 */
export type PostgresNotice = { kind: 'notice'; message: string; fallback: boolean };

export const SIGN_IN_FOR_POSTGRES_MESSAGE = 'Sign in to run on PostgreSQL; SQLite runs here in your browser.';
export const POSTGRES_UNREACHABLE_MESSAGE = 'The PostgreSQL lab could not be reached; SQLite still works.';

/** POST /course/sandbox/{courseId}/run with engine "postgres": the learner's SQL on a fresh copy of the course's sandbox on the server. */
export const postgresRunApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    runOnPostgres: build.mutation<SandboxRun, { courseId: string; sql: string }>({
      query: ({ courseId, sql }) => ({ url: `/course/sandbox/${courseId}/run`, method: 'POST', body: { sql, engine: 'postgres' } }),
      // Every failure is shown in the block ("The PostgreSQL lab is unavailable; SQLite still works."), never as "Unexpected Error".
      extraOptions: { logOnlyUnexpected: true } satisfies GatewayCallOptions,
    }),
  }),
});

export const { useRunOnPostgresMutation } = postgresRunApi;

/** The server's answer as the block shows it: one table, every table in order, or that nothing returned rows. */
export function fromSandboxRun({ results }: SandboxRun): SqlRunResult {
  const tables: SqlTable[] = results.map(({ columns, rows }) => ({ columns, rows }));
  const [only, ...more] = tables;
  if (!only) return { kind: 'done', message: 'Done: no statement returned rows.' };
  return more.length === 0 ? { kind: 'table', ...only } : { kind: 'tables', tables };
}

/** A refusal as the block shows it: a 400 is the SQL's error (its line marked when it names one of the learner's), 503 and 429 are notices. */
export function fromRunFailure(error: unknown): SqlRunResult | PostgresNotice {
  const status = isFetchBaseQueryError(error) ? errorStatus(error) : null;
  const message = apiErrorMessage(error);
  if (status === 503) return { kind: 'notice', message: message ?? POSTGRES_UNREACHABLE_MESSAGE, fallback: true };
  if (status === 429) return { kind: 'notice', message: message ?? 'Too many runs at once. Try again in a moment.', fallback: true };
  if (status === 401) return { kind: 'notice', message: SIGN_IN_FOR_POSTGRES_MESSAGE, fallback: true };
  if (status !== null && status >= 400 && status < 500 && message) {
    const line = namedLine(message);
    return line === null ? { kind: 'error', message } : { kind: 'error', message, line };
  }
  return { kind: 'notice', message: POSTGRES_UNREACHABLE_MESSAGE, fallback: true };
}
