import { z } from 'zod';
import { CHECK_DIFFICULTIES, CHECK_KINDS, COLUMN_ORDERS, CONTENT_EXPORT_FORMAT, PRACTICE_CATEGORIES, PROBE_EXPECTATIONS, QUIZ_TYPES, SANDBOX_KINDS, SQL_ENGINES } from '../content.js';
import { courseRef, dateTime, difficulty, objectId, topic } from './fields.js';
import { INTERVIEW_DIFFICULTIES } from '../interview-difficulty.js';

// What svc-content answers (CONTRACT "Courses, tutorials, projects, interview questions"): the one
// definition of each shape. The types in ../content.ts are inferred from these; /api/docs is generated from them.

export const ContentBlockAnswer = z
  .object({
    _id: objectId(),
    header: z.string().meta({ example: 'Filtering rows with WHERE' }),
    detail: z.string().meta({ description: 'Text split at line breaks when shown; fenced ```sql blocks render as code.' }),
  })
  .meta({ id: 'ContentBlock', description: 'One block of a tutorial or project: a header, then detail text split at line breaks.' });

export const CourseTutorialEntryAnswer = z
  .object({ _id: objectId(), title: z.string().meta({ example: 'SELECT and WHERE' }) })
  .meta({ id: 'CourseTutorialEntry' });

export const CourseProjectEntryAnswer = z
  .object({ _id: objectId(), title: z.string().meta({ example: 'Library loans report' }), difficulty: difficulty() })
  .meta({ id: 'CourseProjectEntry' });

export const CourseAnswer = z
  .object({
    _id: objectId(),
    topic: topic(),
    name: z.string().meta({ example: 'Querying with SQL' }),
    teacher: z.string().meta({ example: 'Dr. Ada Byron' }),
    length: z.string().meta({ example: '6 hours' }),
    tutorials: z.array(CourseTutorialEntryAnswer).meta({ description: 'In course order.' }),
    projects: z.array(CourseProjectEntryAnswer),
  })
  .meta({ id: 'Course' });

export const TutorialAnswer = z
  .object({
    _id: objectId(),
    title: z.string().meta({ example: 'SELECT and WHERE' }),
    courseId: courseRef(),
    contents: z.array(ContentBlockAnswer),
  })
  .meta({ id: 'Tutorial' });

export const ProjectCheckAnswer = z
  .object({
    _id: objectId(),
    kind: z.enum(CHECK_KINDS).meta({ description: 'query, state, mongo or quiz; a check stored before kinds existed is a query check.' }),
    task: z.string().meta({ example: 'List every member who has a book out, with the number of books.' }),
    hintCount: z.number().int().meta({ description: 'How many hints the check has (0–3); they unlock one per failed attempt.' }),
    difficulty: z.enum(CHECK_DIFFICULTIES).optional().meta({ description: "easy, medium or hard, where the exercise has its own (absent: its project's)." }),
    engines: z
      .array(z.enum(SQL_ENGINES))
      .optional()
      .meta({ example: ['postgres'], description: "SQL checks graded on PostgreSQL only: ['postgres'] (the page offers no SQLite for it); absent, graded on both engines." }),
    quizType: z.enum(QUIZ_TYPES).optional().meta({ description: 'Quizzes only: choice, number or set (which input the answer takes).' }),
    options: z.array(z.string()).optional().meta({ description: 'Choice quizzes only: the options, in order (an answer names them by index).' }),
    multiple: z.boolean().optional().meta({ description: 'Choice quizzes only: true when more than one option is correct.' }),
  })
  .meta({ id: 'ProjectCheck', description: 'A check as a learner sees it: never a reference, a verification query, a quiz answer or a hint.' });

export const ProjectAnswer = z
  .object({
    _id: objectId(),
    title: z.string().meta({ example: 'Library loans report' }),
    difficulty: difficulty(),
    courseId: courseRef(),
    contents: z.array(ContentBlockAnswer),
    checks: z.array(ProjectCheckAnswer),
  })
  .meta({ id: 'Project' });

/** What every stored check carries, whatever its kind. */
const storedCheckBase = {
  _id: objectId(),
  task: z.string().meta({ example: 'List every member who has a book out, with the number of books.' }),
  hints: z.array(z.string()).meta({ description: '0–3 hints (1–500 characters each), offered one per failed attempt.' }),
  explanation: z.string().meta({ description: '0–2000 characters, shown with the solution.' }),
  difficulty: z.enum(CHECK_DIFFICULTIES).optional().meta({ description: "The exercise's own difficulty; absent, its project's stands." }),
  alternative: z
    .object({ sql: z.string(), tradeoff: z.string() })
    .optional()
    .meta({ description: 'A second model solution (query and state checks) and its trade-off against the first, shown with the solution.' }),
};

/** A query or state check's column order: absent, any order of the right columns passes. */
const columnOrder = () =>
  z.enum(COLUMN_ORDERS).optional().meta({ description: 'strict where the task states the order of the columns (another order fails); absent, the right columns in any order pass.' });

export const ProbeAnswer = z
  .object({
    sql: z.string().meta({ example: "INSERT INTO enrollment VALUES (999, 999, 50)", description: "Run after the learner's statements (on their copy)." }),
    expect: z.enum(PROBE_EXPECTATIONS).meta({
      description: "fails: the statement must be refused (e.g. by the constraint the task asks for); succeeds: it must run; holds: a query whose first value must be 1 (a schema fact: SELECT \"notnull\" FROM pragma_table_info('t') WHERE name = 'c').",
    }),
    message: z.string().optional().meta({ description: "What the learner is told when this probe is not met (1–300 characters); absent, a sentence quoting the probe's statement." }),
  })
  .meta({ id: 'Probe' });

export const QuizAnswer = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('choice'),
      options: z.array(z.string()).meta({ description: '2–8 options, 1–500 characters each.' }),
      correct: z.array(z.number().int()).meta({ description: 'Indexes of the correct options (at least one, each in range, no repeats).' }),
    }),
    z.object({
      type: z.literal('number'),
      answer: z.number(),
      tolerance: z.number().meta({ description: '≥ 0: an answer within answer ± tolerance passes.' }),
    }),
    z.object({
      type: z.literal('set'),
      answer: z.array(z.string()).meta({ description: 'The items (e.g. candidate keys "AB", "CD"); compared case-insensitively, in any order, spaces and commas inside an item free.' }),
    }),
  ])
  .meta({ id: 'Quiz' });

/** A reference's PostgreSQL variant (issue 32): only where the syntax must differ. */
const referenceSqlPostgres = () => z.string().optional().meta({ description: 'The reference on PostgreSQL where its syntax must differ (dates, SQLite-only statements); absent: referenceSql runs on both engines.' });

/** A SQL check graded on PostgreSQL only (issue 32). */
const postgresOnly = () =>
  z
    .array(z.enum(SQL_ENGINES))
    .optional()
    .meta({ example: ['postgres'], description: "['postgres'] where the check is graded on PostgreSQL only (GROUPING SETS, JSONB, roles, MVCC): an attempt on SQLite is a 400. Absent: graded on both engines." });

/** A check as svc-content keeps it (admin answers, export and import), discriminated by `kind`. */
export const StoredCheckAnswer = z
  .discriminatedUnion('kind', [
    z.object({
      ...storedCheckBase,
      kind: z.literal('query'),
      referenceSql: z.string().meta({ description: 'The query whose result a learner must match, on the visible and the hidden data.' }),
      referenceSqlPostgres: referenceSqlPostgres(),
      engines: postgresOnly(),
      columnOrder: columnOrder(),
    }),
    z.object({
      ...storedCheckBase,
      kind: z.literal('state'),
      referenceSql: z.string().meta({ description: 'The model statements.' }),
      verifySql: z.string().meta({ description: 'A query run after the statements, on both copies; compared like a query check.' }),
      probes: z.array(ProbeAnswer).meta({ description: "0–5 statements run after the learner's, each of which must fail, succeed or hold." }),
      referenceSqlPostgres: referenceSqlPostgres(),
      verifySqlPostgres: z.string().optional().meta({ description: 'The verification query on PostgreSQL where it must differ (SQLite catalogue or plans); absent: verifySql runs on both engines.' }),
      probesPostgres: z.array(ProbeAnswer).optional().meta({ description: 'The probes on PostgreSQL where they must differ; absent: probes run on both engines.' }),
      engines: postgresOnly(),
      columnOrder: columnOrder(),
      faultAtWrite: z
        .number()
        .int()
        .optional()
        .meta({ description: 'Transaction tasks (1–100): the hidden run also makes this row write fail; the data must then be all-or-nothing (as before the statements, or as after the reference).' }),
    }),
    z.object({ ...storedCheckBase, kind: z.literal('mongo'), referenceQuery: z.string().meta({ description: 'A ```mongo query (find or aggregate form), run with mingo on the JSON sandbox and its hidden variant.' }) }),
    z.object({ ...storedCheckBase, kind: z.literal('quiz'), quiz: QuizAnswer }),
  ])
  .meta({ id: 'StoredCheck' });

/** A course's practice database: a SQLite script, or JSON `{collection: [documents]}`. */
export const SandboxAnswer = z
  .object({
    kind: z.enum(SANDBOX_KINDS),
    source: z.string().meta({ description: 'sql: a SQLite script that creates and fills the tables. mongo: JSON {"collection": [documents]}.' }),
    hiddenSource: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Admins only (absent for learners): the hidden variant checks are also graded on, same shape as source; null when it is derived from source.' }),
  })
  .meta({ id: 'Sandbox' });

/** A SQL value: a BLOB comes as hex text. */
const sqlValue = z.union([z.string(), z.number(), z.null()]);
const sqlRows = () => z.array(z.array(sqlValue));

/** POST /course/sandbox/{courseId}/run (issue 32). */
export const SandboxRunAnswer = z
  .object({
    engine: z.enum(SQL_ENGINES),
    results: z
      .array(z.object({ columns: z.array(z.string()), rows: sqlRows() }))
      .meta({ description: 'Every statement that returned columns, in order (at most 10,000 rows and 4 MB in all; a larger result is a 400).' }),
  })
  .meta({ id: 'SandboxRun' });

export const ResultSliceAnswer = z
  .object({
    columns: z.array(z.string()),
    rows: sqlRows(),
    rowCount: z.number().int().meta({ description: 'How many rows the result has in all.' }),
  })
  .meta({ id: 'ResultSlice', description: 'The first rows of a result and how many it has in all.' });

export const AttemptResultAnswer = z
  .object({
    passed: z.boolean(),
    message: z.string().meta({ example: 'Expected 3 columns, got 2.', description: 'Why it failed (or the error with its line), or that it passed: one sentence.' }),
    columns: z.array(z.string()).optional().meta({ description: "The learner's result's column names (a mongo result: its documents' fields)." }),
    rows: sqlRows().optional().meta({ description: "The learner's first 50 rows." }),
    rowCount: z.number().int().optional().meta({ description: "How many rows the learner's result has in all." }),
    expected: ResultSliceAnswer.optional().meta({ description: 'On a fail on the visible data where both ran: the first 5 rows of the expected result there (never the reference, never hidden data).' }),
    hints: z.array(z.string()).meta({ description: 'The hints unlocked so far: one more after each failed attempt, up to the check’s hints.' }),
    failures: z.number().int().meta({ description: "The caller's failed attempts on this check." }),
    solutionAvailable: z.boolean().meta({ description: 'true after 3 failed attempts, or once passed: the solution call answers.' }),
  })
  .meta({ id: 'AttemptResult' });

/** POST /project/{projectId}/checks/{checkId}/solution */
export const CheckSolutionAnswer = z
  .object({
    solution: z.string().meta({ description: 'The reference SQL or mongo query (a state check: its statements), or a quiz’s answer in words.' }),
    explanation: z.string(),
    alternative: z
      .object({ sql: z.string(), tradeoff: z.string() })
      .optional()
      .meta({ description: 'Where the exercise teaches a point: a second solution and its trade-off against the first.' }),
  })
  .meta({ id: 'CheckSolution' });

/** GET /project/{projectId}/passes: the caller's progress on the project's current checks. */
export const CheckPassesAnswer = z
  .object({
    passed: z.array(objectId()).meta({ description: 'Ids of the checks passed, in the project’s order.' }),
    solutionShown: z.array(objectId()).meta({ description: 'Checks whose solution the caller revealed before passing them: passed ones count as “solved with the solution shown”.' }),
    hints: z.record(z.string(), z.array(z.string())).meta({ description: 'Per check id: the hints unlocked so far (checks with none unlocked are absent).' }),
    failures: z.record(z.string(), z.number().int()).meta({ description: 'Per check id: the caller’s failed attempts (checks with none are absent).' }),
  })
  .meta({ id: 'CheckPasses' });

/** GET /project/check/{projectId} (admins): the project's checks whole. */
export const StoredChecksAnswer = z.object({ checks: z.array(StoredCheckAnswer) }).meta({ id: 'StoredChecks' });

export const InterviewQuestionAnswer = z
  .object({
    _id: objectId(),
    topic: topic(),
    question: z.string().meta({ example: 'What is the difference between an INNER JOIN and a LEFT JOIN?' }),
    answer: z.string(),
    difficulty: z.enum(INTERVIEW_DIFFICULTIES).meta({ description: 'easy, medium or hard (added in issue 33; older questions are medium).' }),
  })
  .meta({ id: 'InterviewQuestion' });

export const ExportedTutorialAnswer = TutorialAnswer.omit({ courseId: true }).meta({ id: 'ExportedTutorial' });

/** Checks travel whole, reference queries included (an admin's backup). */
export const ExportedProjectAnswer = ProjectAnswer.omit({ courseId: true, checks: true })
  .extend({
    checks: z.array(StoredCheckAnswer).optional(),
    category: z.enum(PRACTICE_CATEGORIES).optional().meta({ description: "A practice project's category (issue 33): basics, joins, … in the course's order." }),
  })
  .meta({ id: 'ExportedProject' });

export const ExportedCourseAnswer = CourseAnswer.extend({
  tutorials: z.array(ExportedTutorialAnswer).meta({ description: 'Whole tutorials, in course order.' }),
  projects: z.array(ExportedProjectAnswer),
  sandbox: SandboxAnswer.nullable().optional().meta({ description: 'null (or absent in an older file) when the course has none.' }),
}).meta({ id: 'ExportedCourse' });

/**
 * GET /content/export: every course with its tutorials and projects, and every interview question,
 * with their `_id`s. POST /content/import takes the same.
 */
export const ContentExportAnswer = z
  .object({
    format: z.literal(CONTENT_EXPORT_FORMAT),
    exportedAt: dateTime(),
    courses: z.array(ExportedCourseAnswer),
    interviewQuestions: z.array(InterviewQuestionAnswer),
  })
  .meta({ id: 'ContentExport' });

export const ImportRejectionAnswer = z
  .object({
    path: z.string().meta({ example: 'courses[3].name', description: 'Where the item is in the file.' }),
    message: z.string().meta({ example: 'Courses Name must be 5 to 50 characters long.', description: 'The rule it breaks.' }),
  })
  .meta({ id: 'ImportRejection' });

/** POST /content/import: counts are of top-level items (courses and interview questions). */
export const ImportReportAnswer = z
  .object({
    created: z.number().int().meta({ description: 'Courses and interview questions that did not exist.' }),
    updated: z.number().int().meta({ description: 'Courses and interview questions replaced by the file (same _id).' }),
    rejected: z.array(ImportRejectionAnswer).meta({ description: 'Each invalid item, with the rule it breaks; nothing of it was stored.' }),
    postgresNotChecked: z
      .string()
      .optional()
      .meta({ description: 'Present when the PostgreSQL lab was configured but unreachable: the SQL stored was judged on SQLite only (issue 32).' }),
  })
  .meta({ id: 'ImportReport' });

export const WrongAnswerAnswer = z
  .object({
    answer: z.string().meta({ description: 'Normalized: keywords in upper case, whitespace collapsed, comments and trailing semicolons dropped; literals as sent.', example: 'SELECT name FROM member WHERE city = \'london\'' }),
    learners: z.number().int().meta({ description: 'Learners who sent it (at least this many when approximate).' }),
    approximate: z.boolean().meta({ description: 'It took the place of a rarer answer in the bounded list (decision 0035): the true count may be higher.' }),
  })
  .meta({ id: 'WrongAnswer' });

/** One check's figures (issue 34, authors' analysis): GET /checks/analysis lists them. */
export const CheckFiguresAnswer = z
  .object({
    checkId: objectId(),
    projectId: objectId(),
    projectTitle: z.string(),
    courseId: courseRef(),
    courseName: z.string().nullable(),
    kind: z.enum(CHECK_KINDS),
    task: z.string().meta({ description: 'The task, cut to 160 characters.' }),
    hintCount: z.number().int(),
    tried: z.number().int().meta({ description: 'Learners who made a counted attempt (a first pass or a failure).' }),
    passed: z.number().int(),
    passRate: z.number().nullable().meta({ description: 'passed / tried, 0–1; null before anyone tried.' }),
    attemptsToPass: z.array(z.number().int()).length(4).meta({ description: 'Learners who passed at their 1st, 2nd, 3rd attempt, and 4th or later (failures past the third are not counted).' }),
    medianAttempts: z.number().int().nullable().meta({ description: 'Median attempts to pass, 1–4 (4: four or more); null before anyone passed.' }),
    hintsUnlocked: z.array(z.number().int()).meta({ description: 'Per hint, in order: learners who unlocked it (one per counted failure).' }),
    solutionsRevealed: z.number().int(),
    failures: z.array(z.object({ kind: z.string(), count: z.number().int() })).meta({ description: 'Counted failures by kind (CHECK_FAILURE_KINDS), most first.' }),
    topWrongAnswer: WrongAnswerAnswer.nullable().meta({ description: 'The most common wrong answer, cut to 300 characters.' }),
  })
  .meta({ id: 'CheckFigures' });

/** GET /checks/analysis/{checkId}: the figures and the five most common wrong answers whole. */
export const CheckAnalysisAnswer = CheckFiguresAnswer.extend({
  wrongAnswers: z.array(WrongAnswerAnswer).meta({ description: 'The five most common wrong answers, most first.' }),
}).meta({ id: 'CheckAnalysis' });
