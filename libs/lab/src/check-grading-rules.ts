/**
 * What both engines' graders (svc-content's SQLite workers and its PostgreSQL lab) judge alike,
 * whatever runs the SQL: the checks they grade and the grade they give, the two datasets, the order
 * a reference's result is judged with, and what a learner is told of probes and atomicity.
 */
import { type AttemptResult, type ColumnOrder, HIDDEN_DATA_PREFIX, type Probe, type SqlValue } from '@dblearn/contracts';
import { type GradeOptions, type orderKeyPlan, type QueryResult, type RowOrder, rowKey, tieGroupsOf } from './grading.js';

/** What a grader grades against: a check's kind and its reference parts (never its task, hints or quiz). */
export type GradedCheck =
  | { kind: 'query'; referenceSql: string; columnOrder?: ColumnOrder }
  | { kind: 'state'; referenceSql: string; verifySql: string; probes: Probe[]; columnOrder?: ColumnOrder; faultAtWrite?: number }
  | { kind: 'mongo'; referenceQuery: string };

/** A grader's grade of an attempt; svc-content adds the learner's hints, failures and solution flag. */
export type GradedAttempt = Omit<AttemptResult, 'hints' | 'failures' | 'solutionAvailable'>;

/** The course's data a learner sees, and the hidden variant an answer must also hold on. */
export type Dataset = 'visible' | 'hidden';
export const DATASETS: readonly Dataset[] = ['visible', 'hidden'];
export const WHERE: Record<Dataset, string> = { visible: "the course's sandbox", hidden: 'the hidden variant' };

/** How a check's columns are compared: by name in any order, or (`strict`) in the reference's order. */
export const optionsOf = (check: GradedCheck): GradeOptions => ({ strictColumns: check.kind !== 'mongo' && check.columnOrder === 'strict' });

/**
 * The order a reference's result is judged with, once its ORDER BY keys were read (`plan`, from
 * orderKeyPlan) and, when they had to be appended, the reference run again with them (`keyed`; null
 * when that run failed). Each engine's grader runs the keyed query itself.
 */
export function tieOrder(plan: ReturnType<typeof orderKeyPlan>, result: QueryResult, keyed: QueryResult | null, which: Dataset): RowOrder {
  const unknown = which === 'visible';
  if (!plan || !keyed) return unknown;
  const width = result.columns.length;
  if (plan.sql) {
    const same = keyed.rows.length === result.rows.length && keyed.rows.every((row, i) => rowKey(row.slice(0, width)) === rowKey(result.rows[i] ?? []));
    if (!same) return unknown;
  }
  const keyRows = keyed.rows.map((row) => plan.keys.map((key): SqlValue => ('column' in key ? (row[key.column] ?? null) : (row[width + key.appended] ?? null))));
  return { tieGroups: tieGroupsOf(keyRows) };
}

/** Told after a hidden-data run in which a statement in the middle was made to fail and the data was left half-changed. */
export const HALF_CHANGED_MESSAGE = `${HIDDEN_DATA_PREFIX}: when a statement in the middle fails, your statements leave the data half-changed (make them all-or-nothing).`;

/** What a learner is told of the first probe their statements do not meet (either engine). */
export function probeMessage({ probe, error }: { probe: Probe; error: string | null }): string {
  if (probe.message) return probe.message;
  const shown = oneLine(probe.sql);
  if (probe.expect === 'holds') return `After your statements this should hold, but it does not: ${shown}`;
  return probe.expect === 'fails' ? `This statement should be refused after yours, but it ran: ${shown}` : `This statement should still run after yours, but it failed: ${error}`;
}

/** Why a reference does not meet probe `index` (either engine). */
export function referenceProbeMessage({ index, probe, error }: { index: number; probe: Probe; error: string | null }): string {
  if (probe.expect === 'holds') return `Probe ${index + 1} should hold after the reference statements (its query return 1), but it does not.`;
  return probe.expect === 'fails' ? `Probe ${index + 1} should fail after the reference statements, but it ran.` : `Probe ${index + 1} should run after the reference statements, but it failed: ${error}`;
}

/** A statement as one line of a message, cut at 80 characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
