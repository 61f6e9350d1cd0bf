// The comparison moved to @dblearn/lab (grading.ts) so the browser grades with the same code;
// the engine still names its result type from here.
export type { QueryResult } from '@dblearn/lab';
