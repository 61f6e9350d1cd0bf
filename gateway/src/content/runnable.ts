import { SQL_TIME_LIMIT_MS } from '@dblearn/contracts';

/**
 * Calls that run SQL in svc-content (sandbox save, check save, attempt) may take the whole time
 * limit there, plus the wait for a free worker: the gateway waits longer than for other calls.
 */
export const SQL_CALL_TIMEOUT_MS = SQL_TIME_LIMIT_MS + 3_000;
