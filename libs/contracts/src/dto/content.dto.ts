import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsMongoId,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CHECK_DIFFICULTIES,
  type CheckDifficulty,
  CHECK_KINDS,
  type CheckKind,
  COLUMN_ORDERS,
  type ColumnOrder,
  PRACTICE_CATEGORIES,
  type PracticeCategory,
  PROBE_EXPECTATIONS,
  QUIZ_TYPES,
  type ProbeExpectation,
  type QuizAnswerValue,
  type QuizType,
  SANDBOX_KINDS,
  type SandboxKind,
  POSTGRES_ONLY_ENGINES,
  SQL_ENGINES,
  type SqlEngine,
} from '../content.js';
import { CONTENT_ITEM_KINDS, type ContentItemKind } from '../messaging/json-bytes.js';
import { IsQuizAnswer, IsQuizKey, OnlyOneAnswer } from './check-rules.js';
import { DIFFICULTIES, LEVEL_LABELS, type Difficulty } from '../levels.js';
import { INTERVIEW_DIFFICULTIES, type InterviewDifficulty } from '../interview-difficulty.js';
import { CHECK_COUNTS, FIELD_LABELS, LIMITS, lengthMessage } from '../limits.js';
import { TOPICS, TOPIC_LABELS, type Topic } from '../topics.js';
import { ListQueryDto } from './common.dto.js';
import { idRule } from './id-rule.js';
import { IsText } from './text-rule.js';

// SPEC §5 for the content svc-content owns (CONTRACT "Courses, tutorials, projects, interview
// questions"). The field labels (FIELD_LABELS) are the ones the admin forms show.

const topicMessage = `${FIELD_LABELS.course.topic} must be one of: ${TOPICS.map((topic) => TOPIC_LABELS[topic]).join(', ')}.`;
const difficultyMessage = `${FIELD_LABELS.project.difficulty} must be one of: ${DIFFICULTIES.map((level) => LEVEL_LABELS[level]).join(', ')}.`;
const text = (label: string) => ({ message: `${label} must be text.` });

/** POST /course and PUT /course/{id}. */
export class CourseDto {
  @IsIn(TOPICS, { message: topicMessage })
  topic!: Topic;

  @IsText(FIELD_LABELS.course.name, LIMITS.course.name)
  name!: string;

  @IsText(FIELD_LABELS.course.teacher, LIMITS.course.teacher)
  teacher!: string;

  @IsText(FIELD_LABELS.course.length, LIMITS.course.length)
  length!: string;
}

/** A block of a project: both parts optional (SPEC §5: header at most 255, detail optional). */
export class ProjectContentDto {
  @IsOptional()
  @IsText(FIELD_LABELS.project.header, LIMITS.project.header)
  header?: string;

  @IsOptional()
  @IsText(FIELD_LABELS.project.detail, LIMITS.project.detail)
  detail?: string;
}

/** What every project call carries: SPEC §5 title 5–50 and one of the three difficulties. */
class ProjectFieldsDto {
  @IsText(FIELD_LABELS.project.title, LIMITS.project.title)
  title!: string;

  @IsIn(DIFFICULTIES, { message: difficultyMessage })
  difficulty!: Difficulty;
}

/** POST /project: `courseId` attaches the new project to that course. */
export class CreateProjectDto extends ProjectFieldsDto {
  @IsOptional()
  @IsMongoId(idRule('courseId'))
  courseId?: string;
}

/** PUT /project/{id}: `content` appends a block. */
export class UpdateProjectDto extends ProjectFieldsDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => ProjectContentDto)
  content?: ProjectContentDto;
}

/** A block of a tutorial: SPEC §5 wants at least 5 characters of header and of detail. */
export class TutorialContentDto {
  @IsText(FIELD_LABELS.tutorial.header, LIMITS.tutorial.header)
  header!: string;

  @IsText(FIELD_LABELS.tutorial.detail, LIMITS.tutorial.detail)
  detail!: string;
}

/** PUT /tutorial/{id}: `content` appends a block. */
export class UpdateTutorialDto {
  @IsText(FIELD_LABELS.tutorial.title, LIMITS.tutorial.title)
  title!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => TutorialContentDto)
  content?: TutorialContentDto;
}

/** POST /tutorial: `courseId` attaches the new tutorial to that course. */
export class CreateTutorialDto extends UpdateTutorialDto {
  @IsOptional()
  @IsMongoId(idRule('courseId'))
  courseId?: string;
}

/**
 * POST /interview and PUT /interview/{id}: topic, question and answer required; `difficulty` optional
 * (a create without one is medium, an edit without one keeps the question's).
 */
export class InterviewQuestionDto {
  @IsIn(TOPICS, { message: topicMessage })
  topic!: Topic;

  @IsText(FIELD_LABELS.interview.question, LIMITS.interview.question)
  question!: string;

  @IsText(FIELD_LABELS.interview.answer, LIMITS.interview.answer)
  answer!: string;

  @IsOptional()
  @IsIn(INTERVIEW_DIFFICULTIES, { message: `Difficulty must be one of: ${INTERVIEW_DIFFICULTIES.join(', ')}.` })
  difficulty?: InterviewDifficulty;
}

/** GET /interview: the list's query plus `difficulty` (a filter of the read model, like topic). */
export class InterviewListQueryDto extends ListQueryDto {
  @IsOptional()
  @IsIn(INTERVIEW_DIFFICULTIES, { message: `difficulty must be one of: ${INTERVIEW_DIFFICULTIES.join(', ')}.` })
  difficulty?: InterviewDifficulty;
}

// ---- Runnable SQL (CONTRACT "Runnable SQL (sandboxes and checks)") ----

const { runnable } = LIMITS;

/**
 * PUT /course/sandbox/{courseId}: whether it runs is svc-content's check (400 naming the line).
 * `hiddenSource` is the hidden variant (same kind, built on an empty database like `source`);
 * without it the variant is derived from `source`.
 */
export class SandboxDto {
  @IsIn(SANDBOX_KINDS, { message: `kind must be one of: ${SANDBOX_KINDS.join(', ')}.` })
  kind!: SandboxKind;

  @IsString(text('Sandbox'))
  @Length(runnable.source.min, runnable.source.max, { message: `Sandbox must be 1 to ${runnable.source.max} characters long.` })
  source!: string;

  @IsOptional()
  @IsText(FIELD_LABELS.check.hiddenSource, runnable.source, `${FIELD_LABELS.check.hiddenSource} must be 1 to ${runnable.source.max} characters long.`)
  hiddenSource?: string | null;
}

/** POST /course/sandbox/{courseId}/run: SQL to run on a fresh copy of the course's SQL sandbox (issue 32). */
export class SandboxRunDto {
  @IsString(text('Query'))
  @Length(runnable.sql.min, runnable.sql.max, { message: lengthMessage('Query', runnable.sql) })
  sql!: string;

  @IsOptional()
  @IsIn(SQL_ENGINES, { message: `engine must be one of: ${SQL_ENGINES.join(', ')}.` })
  engine?: SqlEngine;
}

/** content.course.run-sandbox's body: the run and who asks (the caller rides in the body, as for attempts). */
export class SandboxRunMessageDto extends SandboxRunDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

const { check: checkLimits } = LIMITS;
const isKind = (...kinds: CheckKind[]) => (check: { kind?: CheckKind }) => kinds.includes(check.kind ?? 'query');
const isQuiz = (...types: QuizType[]) => (quiz: { type?: QuizType }) => types.includes(quiz.type as QuizType);

/** A probe's own message: one sentence. */
const PROBE_MESSAGE = { min: 1, max: 300 };
const POSTGRES_ONLY_REFUSAL = `engines is ["postgres"] for a check graded on PostgreSQL only, or absent (graded on ${SQL_ENGINES.join(' and ')}).`;

/** A statement run after a state check's statements: it must fail (a constraint refuses it), succeed, or (a query) hold. */
export class ProbeDto {
  @IsText(FIELD_LABELS.check.probe, runnable.sql)
  sql!: string;

  @IsIn(PROBE_EXPECTATIONS, { message: `expect must be one of: ${PROBE_EXPECTATIONS.join(', ')}.` })
  expect!: ProbeExpectation;

  /** What the learner is told when this probe is not met (absent: a sentence quoting the statement). */
  @IsOptional()
  @IsText('A probe\'s message', PROBE_MESSAGE)
  message?: string;
}

/** A quiz: `type` says which of the other fields it has (svc-content refuses the others and checks `correct`'s range). */
export class QuizDto {
  @IsIn(QUIZ_TYPES, { message: `Quiz type must be one of: ${QUIZ_TYPES.join(', ')}.` })
  type!: QuizType;

  @ValidateIf(isQuiz('choice'))
  @IsArray({ message: 'Options must be a list.' })
  @ArrayMinSize(CHECK_COUNTS.options.min, { message: `A choice quiz has ${CHECK_COUNTS.options.min} to ${CHECK_COUNTS.options.max} options.` })
  @ArrayMaxSize(CHECK_COUNTS.options.max, { message: `A choice quiz has ${CHECK_COUNTS.options.min} to ${CHECK_COUNTS.options.max} options.` })
  @IsString({ each: true, message: 'Each option must be text.' })
  @Length(checkLimits.option.min, checkLimits.option.max, { each: true, message: lengthMessage('Each option', checkLimits.option) })
  options?: string[];

  @ValidateIf(isQuiz('choice'))
  @IsArray({ message: 'correct must be a list of option indexes.' })
  @ArrayMinSize(1, { message: 'A choice quiz needs at least one correct option.' })
  @ArrayMaxSize(CHECK_COUNTS.options.max, { message: 'correct names more options than a quiz has.' })
  @IsInt({ each: true, message: 'correct must be a list of option indexes.' })
  @Min(0, { each: true, message: 'correct must be a list of option indexes.' })
  correct?: number[];

  /** number: the number; set: the items. */
  @ValidateIf(isQuiz('number', 'set'))
  @IsQuizKey()
  answer?: number | string[];

  @ValidateIf(isQuiz('number'))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: `${FIELD_LABELS.quiz.tolerance} must be a number.` })
  @Min(0, { message: `${FIELD_LABELS.quiz.tolerance} must be 0 or more.` })
  tolerance?: number;
}

/** A check's second solution: SQL and a sentence on what it trades against the model solution. */
export class CheckAlternativeDto {
  @IsText('The alternative solution', runnable.sql)
  sql!: string;

  @IsText("The alternative's trade-off", checkLimits.explanation)
  tradeoff!: string;
}

/**
 * PUT /project/check/{projectId}: a stored check without `_id`, discriminated by `kind` (absent:
 * query). The fields of the kind are required here; svc-content refuses the fields of other kinds
 * and runs the references (400 naming the problem).
 */
export class CheckDto {
  @IsOptional()
  @IsIn(CHECK_KINDS, { message: `kind must be one of: ${CHECK_KINDS.join(', ')}.` })
  kind?: CheckKind;

  @IsText(FIELD_LABELS.check.task, runnable.task)
  task!: string;

  @IsOptional()
  @IsArray({ message: 'Hints must be a list.' })
  @ArrayMaxSize(CHECK_COUNTS.hints.max, { message: `A check has at most ${CHECK_COUNTS.hints.max} hints.` })
  @IsString({ each: true, message: 'Each hint must be text.' })
  @Length(checkLimits.hint.min, checkLimits.hint.max, { each: true, message: lengthMessage('Each hint', checkLimits.hint) })
  hints?: string[];

  @IsOptional()
  @IsText(FIELD_LABELS.check.explanation, checkLimits.explanation)
  explanation?: string;

  @ValidateIf(isKind('query', 'state'))
  @IsText(FIELD_LABELS.check.referenceSql, runnable.sql)
  referenceSql?: string;

  @ValidateIf(isKind('state'))
  @IsText(FIELD_LABELS.check.verifySql, runnable.sql)
  verifySql?: string;

  @IsOptional()
  @IsArray({ message: 'Probes must be a list.' })
  @ArrayMaxSize(CHECK_COUNTS.probes.max, { message: `A check has at most ${CHECK_COUNTS.probes.max} probes.` })
  @ValidateNested({ each: true })
  @Type(() => ProbeDto)
  probes?: ProbeDto[];

  /** Query and state checks (issue 32): the reference on PostgreSQL, only where its syntax must differ. */
  @IsOptional()
  @IsText(FIELD_LABELS.check.referenceSqlPostgres, runnable.sql)
  referenceSqlPostgres?: string;

  /** State checks: the verification query on PostgreSQL where it must differ (SQLite's catalogue or plans). */
  @IsOptional()
  @IsText(FIELD_LABELS.check.verifySqlPostgres, runnable.sql)
  verifySqlPostgres?: string;

  /** State checks: the probes on PostgreSQL where they must differ. */
  @IsOptional()
  @IsArray({ message: 'probesPostgres must be a list.' })
  @ArrayMaxSize(CHECK_COUNTS.probes.max, { message: `A check has at most ${CHECK_COUNTS.probes.max} probes on PostgreSQL.` })
  @ValidateNested({ each: true })
  @Type(() => ProbeDto)
  probesPostgres?: ProbeDto[];

  /** Query and state checks (issue 32): ['postgres'] where the check is graded on PostgreSQL only. */
  @IsOptional()
  @IsArray({ message: POSTGRES_ONLY_REFUSAL })
  @ArrayMinSize(1, { message: POSTGRES_ONLY_REFUSAL })
  @ArrayMaxSize(1, { message: POSTGRES_ONLY_REFUSAL })
  @IsIn(POSTGRES_ONLY_ENGINES, { each: true, message: POSTGRES_ONLY_REFUSAL })
  engines?: SqlEngine[];

  /** query and state checks: `strict` where the task states the order of the columns. */
  @IsOptional()
  @IsIn(COLUMN_ORDERS, { message: `columnOrder must be one of: ${COLUMN_ORDERS.join(', ')} (or absent: any order of the columns).` })
  columnOrder?: ColumnOrder;

  /** The exercise's own difficulty (issue 33); absent, its project's stands. */
  @IsOptional()
  @IsIn(CHECK_DIFFICULTIES, { message: `difficulty must be one of: ${CHECK_DIFFICULTIES.join(', ')}.` })
  difficulty?: CheckDifficulty;

  /** Query and state checks: a second model solution and what it trades against the first. */
  @IsOptional()
  @IsObject({ message: 'alternative must be {sql, tradeoff}.' })
  @ValidateNested()
  @Type(() => CheckAlternativeDto)
  alternative?: CheckAlternativeDto;

  /** State checks (transactions): the hidden run makes this row write fail; the data must be all-or-nothing. */
  @IsOptional()
  @IsInt({ message: 'faultAtWrite must be a whole number from 1 to 100.' })
  @Min(1, { message: 'faultAtWrite must be a whole number from 1 to 100.' })
  @Max(100, { message: 'faultAtWrite must be a whole number from 1 to 100.' })
  faultAtWrite?: number;

  @ValidateIf(isKind('mongo'))
  @IsText(FIELD_LABELS.check.referenceQuery, runnable.sql)
  referenceQuery?: string;

  @ValidateIf(isKind('quiz'))
  @IsObject({ message: 'quiz must be an object.' })
  @ValidateNested()
  @Type(() => QuizDto)
  quiz?: QuizDto;
}

/**
 * POST /project/{projectId}/attempts: exactly one of `sql` (query and state checks), `query` (mongo
 * checks) or `answer` (quizzes); svc-content answers 400 when it is not the one the check's kind takes.
 */
export class AttemptDto {
  @IsMongoId(idRule('checkId'))
  @OnlyOneAnswer()
  checkId!: string;

  @ValidateIf((attempt: AttemptDto) => attempt.sql !== undefined || (attempt.query === undefined && attempt.answer === undefined))
  @IsString(text('Query'))
  @Length(runnable.sql.min, runnable.sql.max, { message: lengthMessage('Query', runnable.sql) })
  sql?: string;

  @IsOptional()
  @IsString(text('Query'))
  @Length(runnable.sql.min, runnable.sql.max, { message: lengthMessage('Query', runnable.sql) })
  query?: string;

  @IsOptional()
  @IsQuizAnswer()
  answer?: QuizAnswerValue;

  /** The engine a SQL check is graded on (issue 32); SQLite when absent. Not allowed with a mongo or quiz answer. */
  @IsOptional()
  @IsIn(SQL_ENGINES, { message: `engine must be one of: ${SQL_ENGINES.join(', ')}.` })
  engine?: SqlEngine;
}

/** PUT /project/updateCheck/{projectId}: check `id` gets this task and reference (checked like an added one). */
export class UpdateCheckDto extends CheckDto {
  @IsMongoId(idRule('id'))
  id!: string;
}

/** content.project.attempt's body: the attempt and who made it (the caller rides in the body; the path's project beside it, as `WithPathId`). */
export class AttemptMessageDto extends AttemptDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** content.project.check-solution: the caller's reveal of check `checkId`'s solution. */
export class CheckSolutionRequestDto {
  @IsMongoId(idRule('projectId'))
  projectId!: string;

  @IsMongoId(idRule('checkId'))
  checkId!: string;

  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** content.project.checks-left (svc-users, before it records a finished project). */
export class ChecksLeftRequestDto {
  @IsMongoId(idRule('projectId'))
  projectId!: string;

  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** A check as exported, whole. */
export class ImportedCheckDto extends CheckDto {
  @IsMongoId(idRule('_id'))
  _id!: string;
}

// ---- Export and import (CONTRACT "Content export and import") ----

/** content.export.slice: where to go on (the `next` of the slice before); none for the first. */
export class ExportSliceRequestDto {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  cursor?: string;
}

/**
 * The document POST /content/import takes: only its outline is checked here, each item is checked
 * on its own (ImportedCourseDto, ImportedInterviewQuestionDto) so that one bad item spoils nothing else.
 */
export class ContentImportDto {
  @IsOptional()
  @IsString({ message: 'format must be text.' })
  format?: string;

  @IsOptional()
  @IsString({ message: 'exportedAt must be text.' })
  exportedAt?: string;

  @IsOptional()
  @IsArray({ message: 'courses must be a list.' })
  courses?: unknown[];

  @IsOptional()
  @IsArray({ message: 'interviewQuestions must be a list.' })
  interviewQuestions?: unknown[];
}

/** content.import.slice: consecutive items of the file, and where they start in it (for the paths of rejections). */
export class ImportSliceRequestDto extends ContentImportDto {
  @IsInt()
  @Min(0)
  courseOffset!: number;

  @IsInt()
  @Min(0)
  interviewOffset!: number;
}

/** A tutorial block as exported; a block without `_id` gets a new one. */
export class ImportedTutorialBlockDto extends TutorialContentDto {
  @IsOptional()
  @IsMongoId(idRule('_id'))
  _id?: string;
}

export class ImportedProjectBlockDto extends ProjectContentDto {
  @IsOptional()
  @IsMongoId(idRule('_id'))
  _id?: string;
}

export class ImportedTutorialDto {
  @IsMongoId(idRule('_id'))
  _id!: string;

  @IsText(FIELD_LABELS.tutorial.title, LIMITS.tutorial.title)
  title!: string;

  @IsArray({ message: 'contents must be a list.' })
  @ValidateNested({ each: true })
  @Type(() => ImportedTutorialBlockDto)
  contents!: ImportedTutorialBlockDto[];
}

export class ImportedProjectDto extends ProjectFieldsDto {
  @IsMongoId(idRule('_id'))
  _id!: string;

  /** A practice project's category (issue 33). */
  @IsOptional()
  @IsIn(PRACTICE_CATEGORIES, { message: `category must be one of: ${PRACTICE_CATEGORIES.join(', ')}.` })
  category?: PracticeCategory;

  @IsArray({ message: 'contents must be a list.' })
  @ValidateNested({ each: true })
  @Type(() => ImportedProjectBlockDto)
  contents!: ImportedProjectBlockDto[];

  @IsOptional()
  @IsArray({ message: 'checks must be a list.' })
  @ValidateNested({ each: true })
  @Type(() => ImportedCheckDto)
  checks?: ImportedCheckDto[];
}

/** One course of an import, with its tutorials and projects: rejected or kept as a whole. */
export class ImportedCourseDto extends CourseDto {
  @IsMongoId(idRule('_id'))
  _id!: string;

  @IsArray({ message: 'tutorials must be a list.' })
  @ValidateNested({ each: true })
  @Type(() => ImportedTutorialDto)
  tutorials!: ImportedTutorialDto[];

  @IsArray({ message: 'projects must be a list.' })
  @ValidateNested({ each: true })
  @Type(() => ImportedProjectDto)
  projects!: ImportedProjectDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => SandboxDto)
  sandbox?: SandboxDto | null;
}

export class ImportedInterviewQuestionDto extends InterviewQuestionDto {
  @IsMongoId(idRule('_id'))
  _id!: string;
}

/** content.item.find-json: one item's JSON bytes from svc-content's memory. */
export class ItemJsonRequestDto {
  @IsIn(CONTENT_ITEM_KINDS, { message: `kind must be one of ${CONTENT_ITEM_KINDS.join(', ')}.` })
  kind!: ContentItemKind;

  @IsMongoId(idRule('id'))
  id!: string;

  /** The caller accepts gzip: a large answer comes gzipped. */
  @IsOptional()
  @IsBoolean({ message: 'gzip must be true or false.' })
  gzip?: boolean;
}
