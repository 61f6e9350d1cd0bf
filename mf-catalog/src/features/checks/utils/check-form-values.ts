import type { CheckAlternative, CheckDifficulty, CheckKind, ColumnOrder, Probe, QuizType, StoredCheck } from '@dblearn/contracts';
import { isPostgresOnly, POSTGRES_ONLY_ENGINES } from '@dblearn/contracts';
import { namedLine } from '@dblearn/lab';
import type { CheckBody } from '../api/check-kinds.js';
import { readNumber, readSet } from './quiz-text.js';

/** The check editor's fields: every kind's, so switching kind keeps what was typed; only the kind's own are sent. */
export interface CheckFormValues {
  kind: CheckKind;
  task: string;
  /** query: the reference query; state: the model statements. */
  referenceSql: string;
  verifySql: string;
  probes: Probe[];
  /** Kept as stored (the editor does not show them yet): a query or state check's column order, a state check's fault. */
  columnOrder?: ColumnOrder;
  faultAtWrite?: number;
  referenceQuery: string;
  quizType: QuizType;
  /** A choice quiz's options, each with whether it is correct. */
  options: { text: string; correct: boolean }[];
  /** A number quiz's answer and tolerance, as typed. */
  answer: string;
  tolerance: string;
  /** A set quiz's items, comma-separated. */
  items: string;
  hints: { text: string }[];
  explanation: string;
  /** Kept as stored (the editor does not show them yet, issue 33): the exercise's difficulty, a query or state check's second solution. */
  difficulty?: CheckDifficulty;
  alternative?: CheckAlternative;
  /** A query or state check's PostgreSQL variants (issue 32, the form's "PostgreSQL variant"); empty: the SQLite part runs on both. */
  postgres?: PostgresVariants;
  /** Query and state checks (issue 32): graded on PostgreSQL only, sent as engines ['postgres']. */
  postgresOnly?: boolean;
}

/** A check's PostgreSQL variants, as stored. */
export type PostgresVariants = { referenceSqlPostgres?: string; verifySqlPostgres?: string; probesPostgres?: Probe[] };

/** The variants worth sending: a text left empty or no probes means the SQLite part runs on both engines. */
function postgresBodyOf(variants: PostgresVariants | undefined, kind: 'query' | 'state'): PostgresVariants {
  const { referenceSqlPostgres, verifySqlPostgres, probesPostgres } = variants ?? {};
  return {
    ...(referenceSqlPostgres?.trim() ? { referenceSqlPostgres } : {}),
    ...(kind === 'state' && verifySqlPostgres?.trim() ? { verifySqlPostgres } : {}),
    ...(kind === 'state' && probesPostgres && probesPostgres.length > 0 ? { probesPostgres: probesPostgres.map(({ sql, expect, message }) => (message ? { sql, expect, message } : { sql, expect })) } : {}),
  };
}

/** Whether a check has any PostgreSQL part of its own. */
export function hasPostgresVariant(variants: PostgresVariants | undefined): boolean {
  return Object.keys(postgresBodyOf(variants, 'state')).length > 0;
}

/** The variants a stored check carries, or undefined. */
function postgresOf(check: PostgresVariants): PostgresVariants | undefined {
  const { referenceSqlPostgres, verifySqlPostgres, probesPostgres } = check;
  const variants = {
    ...(referenceSqlPostgres === undefined ? {} : { referenceSqlPostgres }),
    ...(verifySqlPostgres === undefined ? {} : { verifySqlPostgres }),
    ...(probesPostgres === undefined ? {} : { probesPostgres }),
  };
  return Object.keys(variants).length > 0 ? variants : undefined;
}

export const EMPTY_CHECK: CheckFormValues = {
  kind: 'query',
  task: '',
  referenceSql: '',
  verifySql: '',
  probes: [],
  referenceQuery: '',
  quizType: 'choice',
  options: [
    { text: '', correct: false },
    { text: '', correct: false },
  ],
  answer: '',
  tolerance: '0',
  items: '',
  hints: [],
  explanation: '',
};

/** A stored check in the editor's fields. */
export function formValuesOf(check: StoredCheck): CheckFormValues {
  const values: CheckFormValues = {
    ...EMPTY_CHECK,
    kind: check.kind,
    task: check.task,
    hints: check.hints.map((text) => ({ text })),
    explanation: check.explanation,
    difficulty: check.difficulty,
    alternative: check.alternative,
  };
  switch (check.kind) {
    case 'query':
      return { ...values, referenceSql: check.referenceSql, columnOrder: check.columnOrder, postgres: postgresOf(check), postgresOnly: isPostgresOnly(check) };
    case 'state':
      return {
        ...values,
        referenceSql: check.referenceSql,
        verifySql: check.verifySql,
        probes: check.probes.map((probe) => ({ ...probe })),
        columnOrder: check.columnOrder,
        faultAtWrite: check.faultAtWrite,
        postgres: postgresOf(check),
        postgresOnly: isPostgresOnly(check),
      };
    case 'mongo':
      return { ...values, referenceQuery: check.referenceQuery };
    case 'quiz': {
      const { quiz } = check;
      if (quiz.type === 'choice') return { ...values, quizType: 'choice', options: quiz.options.map((text, index) => ({ text, correct: quiz.correct.includes(index) })) };
      if (quiz.type === 'number') return { ...values, quizType: 'number', answer: String(quiz.answer), tolerance: String(quiz.tolerance) };
      return { ...values, quizType: 'set', items: quiz.answer.join(', ') };
    }
  }
}

/**
 * What PUT /project/check sends: the kind's own fields only (the server refuses another kind's). The
 * form drops the fields it does not show (an empty list of hints or probes among them): absent is empty.
 */
export function checkBodyOf(shown: Partial<CheckFormValues> & Pick<CheckFormValues, 'kind'>): CheckBody {
  const values = { ...EMPTY_CHECK, options: [], hints: [], probes: [], ...shown };
  const common = { task: values.task, hints: values.hints.map((hint) => hint.text), explanation: values.explanation, ...(values.difficulty ? { difficulty: values.difficulty } : {}) };
  const alternative = values.alternative ? { alternative: values.alternative } : {};
  const engines = values.postgresOnly ? { engines: [...POSTGRES_ONLY_ENGINES] } : {};
  switch (values.kind) {
    case 'query':
      return { ...common, kind: 'query', referenceSql: values.referenceSql, ...(values.columnOrder ? { columnOrder: values.columnOrder } : {}), ...alternative, ...postgresBodyOf(values.postgres, 'query'), ...engines };
    case 'state':
      return {
        ...common,
        kind: 'state',
        referenceSql: values.referenceSql,
        verifySql: values.verifySql,
        probes: values.probes.map(({ sql, expect, message }) => (message ? { sql, expect, message } : { sql, expect })),
        ...(values.columnOrder ? { columnOrder: values.columnOrder } : {}),
        ...(values.faultAtWrite ? { faultAtWrite: values.faultAtWrite } : {}),
        ...alternative,
        ...postgresBodyOf(values.postgres, 'state'),
        ...engines,
      };
    case 'mongo':
      return { ...common, kind: 'mongo', referenceQuery: values.referenceQuery };
    case 'quiz':
      if (values.quizType === 'choice') {
        const options = values.options.map((option) => option.text);
        const correct = values.options.flatMap((option, index) => (option.correct ? [index] : []));
        return { ...common, kind: 'quiz', quiz: { type: 'choice', options, correct } };
      }
      if (values.quizType === 'number') return { ...common, kind: 'quiz', quiz: { type: 'number', answer: readNumber(values.answer) ?? Number.NaN, tolerance: readNumber(values.tolerance) ?? 0 } };
      return { ...common, kind: 'quiz', quiz: { type: 'set', answer: readSet(values.items) } };
  }
}

/** A field of the editor a server refusal can be shown on. */
export type RefusedField =
  | 'root'
  | 'kind'
  | 'task'
  | 'referenceSql'
  | 'verifySql'
  | `probes.${number}.sql`
  | 'postgres.referenceSqlPostgres'
  | 'postgres.verifySqlPostgres'
  | `postgres.probesPostgres.${number}.sql`
  | 'referenceQuery'
  | 'quizType'
  | 'options'
  | 'answer'
  | 'tolerance'
  | 'items'
  | 'hints'
  | 'explanation';

/** Which of its texts a refusal is about, and the line it names there (null: none, or not the text's own). */
export interface Refusal {
  field: RefusedField;
  line: number | null;
}

// The server's words (docs/api-contract.md "Saving a check"): "The reference query does not run on the
// course's sandbox: Line 1: …", "The reference statements do not run on the hidden variant: Line 2: …",
// "The verification query does not run after the reference on …",
// "Probe 2 should fail …", "The project's course has no SQL sandbox …", "Quiz option 5 does not exist …".
const RAN_ON = /^The (reference query|reference statements|verification query|mongo reference|reference) [^:]*?(?:does not run|do not run|failed|fails)[^:]*: (.*)$/is;

/**
 * The field a save's 400 belongs on, for a check of `kind`; anything unplaced is the form's ('root').
 * A refusal on PostgreSQL ("On PostgreSQL: …", issue 32) belongs on the check's PostgreSQL variant of
 * that part when it has one, else on the SQLite part (which runs on both).
 */
export function refusedField(message: string, kind: CheckKind, quizType: QuizType, variants?: PostgresVariants): Refusal {
  const onPostgres = /^On PostgreSQL[:,]\s*(.*)$/is.exec(message);
  if (onPostgres && (kind === 'query' || kind === 'state')) return onVariant(refusedField(onPostgres[1]!.replace(/^./, (first) => first.toUpperCase()), kind, quizType), postgresBodyOf(variants, kind));
  const ran = RAN_ON.exec(message);
  if (ran) {
    const what = ran[1]!.toLowerCase();
    const field = what === 'verification query' ? 'verifySql' : kind === 'mongo' ? 'referenceQuery' : 'referenceSql';
    return { field, line: namedLine(ran[2]!) };
  }
  const probe = /^Probe (\d+)\b/i.exec(message);
  if (probe && kind === 'state') return { field: `probes.${Number(probe[1]) - 1}.sql`, line: null };
  if (/\bverif/i.test(message) && kind === 'state') return { field: 'verifySql', line: null };
  if (/\bsandbox\b|\bno course\b/i.test(message)) return { field: 'kind', line: null };
  if (/\bhint/i.test(message)) return { field: 'hints', line: null };
  if (/\bexplanation\b/i.test(message)) return { field: 'explanation', line: null };
  if (kind === 'quiz') {
    if (/\btolerance\b/i.test(message)) return { field: 'tolerance', line: null };
    const onQuiz: Record<QuizType, RefusedField> = { choice: 'options', number: 'answer', set: 'items' };
    return { field: /\b(quiz|option|correct|answer|item|number|set)/i.test(message) ? onQuiz[quizType] : 'root', line: null };
  }
  if (/\breference\b|\bmongo\b|\bquery\b/i.test(message)) return { field: kind === 'mongo' ? 'referenceQuery' : 'referenceSql', line: namedLine(message) };
  if (/\btask\b/i.test(message)) return { field: 'task', line: null };
  return { field: 'root', line: null };
}

/** A SQLite part's refusal moved to its PostgreSQL variant, when the check has that variant. */
function onVariant(refusal: Refusal, variants: PostgresVariants): Refusal {
  const { field } = refusal;
  if (field === 'referenceSql' && variants.referenceSqlPostgres) return { ...refusal, field: 'postgres.referenceSqlPostgres' };
  if (field === 'verifySql' && variants.verifySqlPostgres) return { ...refusal, field: 'postgres.verifySqlPostgres' };
  if (field.startsWith('probes.') && variants.probesPostgres) return { ...refusal, field: `postgres.probesPostgres.${field.split('.')[1]}.sql` as `postgres.probesPostgres.${number}.sql` };
  return refusal;
}
