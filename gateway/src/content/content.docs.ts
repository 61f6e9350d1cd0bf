import {
  type AttemptResult,
  type CheckPasses,
  type ContentBlock,
  type ContentExport,
  type Course,
  type CourseProjectEntry,
  type CourseTutorialEntry,
  DIFFICULTIES,
  type Difficulty,
  type ExportedCourse,
  type ImportRejection,
  type ImportReport,
  type InterviewQuestion,
  type Project,
  type ProjectCheck,
  type ResultSlice,
  type Sandbox,
  SANDBOX_KINDS,
  type SandboxKind,
  type SqlValue,
  type StoredCheck,
  type StoredChecks,
  type Topic,
  TOPICS,
  type Tutorial,
} from '@dblearn/contracts';
import { ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';

/** OpenAPI descriptions of svc-content's answers; `implements` keeps them in step with the contracts. */
const ID = { example: '665f1c2a9b1e8a3d4c5b6a79', description: 'MongoDB ObjectId (hex).' };

@ApiSchema({ name: 'ContentBlock' })
export class ContentBlockDoc implements ContentBlock {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'Filtering rows with WHERE' })
  header!: string;

  @ApiProperty({ description: 'Text split at line breaks when shown; fenced ```sql blocks render as code.' })
  detail!: string;
}

@ApiSchema({ name: 'CourseTutorialEntry' })
export class CourseTutorialEntryDoc implements CourseTutorialEntry {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'SELECT and WHERE' })
  title!: string;
}

@ApiSchema({ name: 'CourseProjectEntry' })
export class CourseProjectEntryDoc implements CourseProjectEntry {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'Library loans report' })
  title!: string;

  @ApiProperty({ enum: DIFFICULTIES })
  difficulty!: Difficulty;
}

@ApiSchema({ name: 'Course' })
export class CourseDoc implements Course {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ enum: TOPICS, description: 'beginner = Basic Concepts, rm = Relational Model, fo = File Organization, nosql, sql.' })
  topic!: Topic;

  @ApiProperty({ example: 'Querying with SQL' })
  name!: string;

  @ApiProperty({ example: 'Dr. Ada Byron' })
  teacher!: string;

  @ApiProperty({ example: '6 hours' })
  length!: string;

  @ApiProperty({ type: [CourseTutorialEntryDoc], description: 'In course order.' })
  tutorials!: CourseTutorialEntry[];

  @ApiProperty({ type: [CourseProjectEntryDoc] })
  projects!: CourseProjectEntry[];
}

@ApiSchema({ name: 'Tutorial' })
export class TutorialDoc implements Tutorial {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'SELECT and WHERE' })
  title!: string;

  @ApiProperty({ ...ID, nullable: true, type: String, description: 'The course it belongs to; null for none.' })
  courseId!: string | null;

  @ApiProperty({ type: [ContentBlockDoc] })
  contents!: ContentBlock[];
}

@ApiSchema({ name: 'ProjectCheck' })
export class ProjectCheckDoc implements ProjectCheck {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'List every member who has a book out, with the number of books.' })
  task!: string;
}

@ApiSchema({ name: 'StoredCheck' })
export class StoredCheckDoc extends ProjectCheckDoc implements StoredCheck {
  @ApiProperty({ example: 'SELECT name FROM member ORDER BY name' })
  referenceSql!: string;
}

@ApiSchema({ name: 'StoredChecks' })
export class StoredChecksDoc implements StoredChecks {
  @ApiProperty({ type: [StoredCheckDoc] })
  checks!: StoredCheck[];
}

@ApiSchema({ name: 'CheckPasses' })
export class CheckPassesDoc implements CheckPasses {
  @ApiProperty({ type: [String], example: [ID.example], description: 'Ids of the checks passed.' })
  passed!: string[];
}

@ApiSchema({ name: 'ResultSlice' })
export class ResultSliceDoc implements ResultSlice {
  @ApiProperty({ type: [String] })
  columns!: string[];

  @ApiProperty({ type: 'array', items: { type: 'array', items: {} } })
  rows!: SqlValue[][];

  @ApiProperty({ description: 'How many rows the result has in all.' })
  rowCount!: number;
}

@ApiSchema({ name: 'Sandbox' })
export class SandboxDoc implements Sandbox {
  @ApiProperty({ enum: SANDBOX_KINDS })
  kind!: SandboxKind;

  @ApiProperty({ description: 'sql: a SQLite script that creates and fills the tables. mongo: JSON {"collection": [documents]}.' })
  source!: string;
}

@ApiSchema({ name: 'AttemptResult' })
export class AttemptResultDoc implements AttemptResult {
  @ApiProperty()
  passed!: boolean;

  @ApiProperty({ example: 'Expected 3 columns, got 2.', description: 'Why it failed (or the error with its line), or that it passed.' })
  message!: string;

  @ApiProperty({ required: false, type: [String], description: "The learner's result's column names." })
  columns?: string[];

  @ApiProperty({ required: false, type: 'array', items: { type: 'array', items: {} }, description: "The learner's first 50 rows." })
  rows?: SqlValue[][];

  @ApiProperty({ required: false, description: "How many rows the learner's result has in all." })
  rowCount?: number;

  @ApiProperty({ required: false, type: ResultSliceDoc, description: 'On a fail where both queries ran: the first 5 rows of the expected result (never the reference query).' })
  expected?: ResultSlice;
}

@ApiSchema({ name: 'Project' })
export class ProjectDoc implements Project {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ example: 'Library loans report' })
  title!: string;

  @ApiProperty({ enum: DIFFICULTIES })
  difficulty!: Difficulty;

  @ApiProperty({ ...ID, nullable: true, type: String, description: 'The course it belongs to; null for none.' })
  courseId!: string | null;

  @ApiProperty({ type: [ContentBlockDoc] })
  contents!: ContentBlock[];

  @ApiProperty({ type: [ProjectCheckDoc], description: 'Task only: the reference query never reaches a learner.' })
  checks!: ProjectCheck[];
}

@ApiSchema({ name: 'InterviewQuestion' })
export class InterviewQuestionDoc implements InterviewQuestion {
  @ApiProperty(ID)
  _id!: string;

  @ApiProperty({ enum: TOPICS })
  topic!: Topic;

  @ApiProperty({ example: 'What is the difference between an INNER JOIN and a LEFT JOIN?' })
  question!: string;

  @ApiProperty()
  answer!: string;
}

@ApiSchema({ name: 'ExportedTutorial' })
class ExportedTutorialDoc extends OmitType(TutorialDoc, ['courseId'] as const) {}

@ApiSchema({ name: 'ExportedProject' })
class ExportedProjectDoc extends OmitType(ProjectDoc, ['courseId'] as const) {}

@ApiSchema({ name: 'ExportedCourse' })
export class ExportedCourseDoc extends OmitType(CourseDoc, ['tutorials', 'projects'] as const) implements ExportedCourse {
  @ApiProperty({ type: [ExportedTutorialDoc], description: 'Whole tutorials, in course order.' })
  tutorials!: ExportedCourse['tutorials'];

  @ApiProperty({ type: [ExportedProjectDoc] })
  projects!: ExportedCourse['projects'];
}

@ApiSchema({ name: 'ContentExport' })
export class ContentExportDoc implements ContentExport {
  @ApiProperty({ example: 'dblearn-content/1' })
  format!: ContentExport['format'];

  @ApiProperty({ format: 'date-time' })
  exportedAt!: string;

  @ApiProperty({ type: [ExportedCourseDoc] })
  courses!: ExportedCourse[];

  @ApiProperty({ type: [InterviewQuestionDoc] })
  interviewQuestions!: InterviewQuestion[];
}

@ApiSchema({ name: 'ImportRejection' })
export class ImportRejectionDoc implements ImportRejection {
  @ApiProperty({ example: 'courses[3].name' })
  path!: string;

  @ApiProperty({ example: 'Courses Name must be 5 to 50 characters long.' })
  message!: string;
}

@ApiSchema({ name: 'ImportReport' })
export class ImportReportDoc implements ImportReport {
  @ApiProperty({ description: 'Courses and interview questions that did not exist.' })
  created!: number;

  @ApiProperty({ description: 'Courses and interview questions replaced by the file (same _id).' })
  updated!: number;

  @ApiProperty({ type: [ImportRejectionDoc], description: 'Each invalid item, with the rule it breaks; nothing of it was stored.' })
  rejected!: ImportRejection[];
}
