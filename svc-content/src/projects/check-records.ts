import { type CheckDto } from '@dblearn/contracts/dto';
import type {
  CheckAlternative,
  CheckOfKind,
  CheckDifficulty,
  CheckKind,
  ColumnOrder,
  Probe,
  ProjectCheck,
  Quiz,
  SqlEngine,
  StoredCheck,
} from '@dblearn/contracts';
import { type GradedCheck, learnerQuizFields, quizFieldsRefusal, quizRefusal, quizSolution } from '@dblearn/lab';
import { badRequest } from '@dblearn/nest-common';
import type { Types } from 'mongoose';
import { idOf } from '../common/views.js';
import type { CheckRecord } from '../common/project.schema.js';

// A check between its stored document, its admin and learner views, and what a worker grades.

/** The fields each kind has besides `_id`, `kind`, `task`, `hints` and `explanation`. */
const KIND_FIELDS: Record<CheckKind, readonly string[]> = {
  query: ['referenceSql', 'columnOrder', 'referenceSqlPostgres', 'engines'],
  state: ['referenceSql', 'verifySql', 'probes', 'columnOrder', 'faultAtWrite', 'referenceSqlPostgres', 'verifySqlPostgres', 'probesPostgres', 'engines'],
  mongo: ['referenceQuery'],
  quiz: ['quiz'],
};
const ALL_KIND_FIELDS = [...new Set(Object.values(KIND_FIELDS).flat())];

/** A stored document as the admin sees it; a check stored before kinds existed is a query check with no hints. */
export function storedCheckOf(record: CheckRecord | StoredCheck): StoredCheck {
  const base = { _id: idOf(record._id), task: record.task, hints: record.hints ?? [], explanation: record.explanation ?? '', ...exerciseFieldsOf(record) };
  const fields = record as Partial<CheckRecord>;
  switch (record.kind ?? 'query') {
    case 'query':
      return { ...base, kind: 'query', referenceSql: fields.referenceSql ?? '', ...gradingOptionsOf(fields), ...postgresFieldsOf(fields) };
    case 'state':
      return { ...base, kind: 'state', referenceSql: fields.referenceSql ?? '', verifySql: fields.verifySql ?? '', probes: probesOf(fields.probes), ...gradingOptionsOf(fields), ...postgresFieldsOf(fields) };
    case 'mongo':
      return { ...base, kind: 'mongo', referenceQuery: fields.referenceQuery ?? '' };
    case 'quiz':
      return { ...base, kind: 'quiz', quiz: fields.quiz as Quiz };
  }
}

/** What a learner sees of a check: never a reference, a probe, a hint or a quiz's answer. */
export function learnerCheckOf(check: StoredCheck): ProjectCheck {
  const view: ProjectCheck = {
    _id: check._id,
    kind: check.kind,
    task: check.task,
    hintCount: check.hints.length,
    ...(check.difficulty ? { difficulty: check.difficulty } : {}),
    ...((check.kind === 'query' || check.kind === 'state') && check.engines ? { engines: [...check.engines] } : {}),
  };
  return check.kind === 'quiz' ? { ...view, ...learnerQuizFields(check.quiz) } : view;
}

/**
 * The document for a saved check: only its kind's fields, in their own shape (a quiz as plain
 * data). 400 for a field of another kind, a quiz field of another type, or a quiz whose answer does
 * not fit its options.
 */
export function checkRecordOf(body: CheckDto, _id: Types.ObjectId): CheckRecord {
  const record = recordOrRefusal(body, _id);
  if (typeof record === 'string') throw badRequest(record);
  return record;
}

/** Why checkRecordOf would refuse the body (an import reports it instead of throwing), or null. */
export function checkRecordRefusal(body: CheckDto): string | null {
  const record = recordOrRefusal(body, null);
  return typeof record === 'string' ? record : null;
}

function recordOrRefusal(body: CheckDto, _id: Types.ObjectId | null): CheckRecord | string {
  const kind = body.kind ?? 'query';
  const sent = body as unknown as Record<string, unknown>;
  const stray = ALL_KIND_FIELDS.find((field) => sent[field] !== undefined && !KIND_FIELDS[kind].includes(field));
  if (stray) return `The field "${stray}" is not allowed in a ${kind} check.`;
  if (body.alternative && kind !== 'query' && kind !== 'state') return `The field "alternative" is not allowed in a ${kind} check.`;
  const record = { _id, kind, task: body.task, hints: body.hints ?? [], explanation: body.explanation ?? '', ...exerciseFieldsOf(body) } as CheckRecord;
  switch (kind) {
    case 'query':
      return { ...record, referenceSql: body.referenceSql, ...gradingOptionsOf(body), ...postgresFieldsOf(body) };
    case 'state':
      return { ...record, referenceSql: body.referenceSql, verifySql: body.verifySql, probes: probesOf(body.probes), ...gradingOptionsOf(body), ...postgresFieldsOf(body) };
    case 'mongo':
      return { ...record, referenceQuery: body.referenceQuery };
    case 'quiz': {
      const quiz = quizOf(body.quiz as unknown as Record<string, unknown>);
      return typeof quiz === 'string' ? quiz : { ...record, quiz };
    }
  }
}

/** Probes in their own shape: a message only where one was written. */
function probesOf(probes: readonly Probe[] | undefined): Probe[] {
  return (probes ?? []).map(({ sql, expect, message }) => (message === undefined ? { sql, expect } : { sql, expect, message }));
}

/** An exercise's `difficulty` and second solution where set (absent stays absent: older checks export as before). */
function exerciseFieldsOf(fields: { difficulty?: CheckDifficulty; alternative?: CheckAlternative }): { difficulty?: CheckDifficulty; alternative?: CheckAlternative } {
  return {
    ...(fields.difficulty === undefined ? {} : { difficulty: fields.difficulty }),
    ...(fields.alternative === undefined ? {} : { alternative: { sql: fields.alternative.sql, tradeoff: fields.alternative.tradeoff } }),
  };
}

/** `columnOrder` and `faultAtWrite` where set (absent stays absent, so a check without them grades and compares as before). */
function gradingOptionsOf(fields: { columnOrder?: ColumnOrder; faultAtWrite?: number }): { columnOrder?: ColumnOrder; faultAtWrite?: number } {
  return {
    ...(fields.columnOrder === undefined ? {} : { columnOrder: fields.columnOrder }),
    ...(fields.faultAtWrite === undefined ? {} : { faultAtWrite: fields.faultAtWrite }),
  };
}

/** The PostgreSQL variants where set (issue 32; absent stays absent: such a check exports as before). */
function postgresFieldsOf(fields: { referenceSqlPostgres?: string; verifySqlPostgres?: string; probesPostgres?: readonly Probe[]; engines?: readonly SqlEngine[] }): {
  referenceSqlPostgres?: string;
  verifySqlPostgres?: string;
  probesPostgres?: Probe[];
  engines?: SqlEngine[];
} {
  return {
    ...(fields.engines === undefined ? {} : { engines: [...fields.engines] }),
    ...(fields.referenceSqlPostgres === undefined ? {} : { referenceSqlPostgres: fields.referenceSqlPostgres }),
    ...(fields.verifySqlPostgres === undefined ? {} : { verifySqlPostgres: fields.verifySqlPostgres }),
    ...(fields.probesPostgres === undefined ? {} : { probesPostgres: probesOf(fields.probesPostgres) }),
  };
}

function quizOf(sent: Record<string, unknown>): Quiz | string {
  const strayField = quizFieldsRefusal(sent);
  if (strayField) return strayField;
  const quiz = (
    sent.type === 'choice'
      ? { type: 'choice', options: sent.options, correct: sent.correct }
      : sent.type === 'number'
        ? { type: 'number', answer: sent.answer, tolerance: sent.tolerance }
        : { type: 'set', answer: sent.answer }
  ) as Quiz;
  return quizRefusal(quiz) ?? quiz;
}

/** What a worker grades for a check; null for a quiz (graded here, no sandbox). */
export function gradedCheckOf(check: StoredCheck): GradedCheck | null {
  switch (check.kind) {
    case 'query':
      return { kind: 'query', referenceSql: check.referenceSql, ...gradingOptionsOf(check) };
    case 'state':
      return { kind: 'state', referenceSql: check.referenceSql, verifySql: check.verifySql, probes: check.probes, ...gradingOptionsOf(check) };
    case 'mongo':
      return { kind: 'mongo', referenceQuery: check.referenceQuery };
    case 'quiz':
      return null;
  }
}

/** A SQL check as the PostgreSQL lab grades it: its PostgreSQL variants (issue 32) in place of the parts that must differ. */
/** A SQL check as the PostgreSQL grader takes it (pg-grading's PgCheck; named here so projects/ need not import postgres-lab/). */
type PgCheck = Exclude<GradedCheck, { kind: 'mongo' }>;

export function postgresCheckOf(check: CheckOfKind<'query'> | CheckOfKind<'state'>): PgCheck {
  const referenceSql = check.referenceSqlPostgres ?? check.referenceSql;
  if (check.kind === 'query') return { kind: 'query', referenceSql, ...gradingOptionsOf(check) };
  return { kind: 'state', referenceSql, verifySql: check.verifySqlPostgres ?? check.verifySql, probes: check.probesPostgres ?? check.probes, ...gradingOptionsOf(check) };
}

/** Whether two versions of a check grade alike: a change of task, hints or explanation alone keeps the check's `_id` and passes. */
export function gradesAlike(a: StoredCheck, b: StoredCheck): boolean {
  const grading = (check: StoredCheck) => [
    gradedCheckOf(check) ?? (check.kind === 'quiz' ? check.quiz : null),
    check.kind === 'query' || check.kind === 'state' ? [postgresCheckOf(check), check.engines ?? null] : null,
  ];
  return a.kind === b.kind && JSON.stringify(grading(a)) === JSON.stringify(grading(b));
}

/** The model answer in words: the reference (a state check's statements), the mongo query, a quiz's answer. */
export function solutionOf(check: StoredCheck): string {
  switch (check.kind) {
    case 'query':
    case 'state':
      return check.referenceSql;
    case 'mongo':
      return check.referenceQuery;
    case 'quiz':
      return quizSolution(check.quiz);
  }
}
