import { z } from 'zod';
import { CONTENT_EXPORT_FORMAT, SANDBOX_KINDS } from '../content.js';
import { courseRef, dateTime, difficulty, objectId, topic } from './fields.js';

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
  .object({ _id: objectId(), task: z.string().meta({ example: 'List every member who has a book out, with the number of books.' }) })
  .meta({ id: 'ProjectCheck', description: 'A check as a learner sees it: the reference query never leaves svc-content.' });

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

/** A check as svc-content keeps it (and as the export carries it). */
export const StoredCheckAnswer = ProjectCheckAnswer.extend({ referenceSql: z.string().meta({ description: 'The query whose result a learner must match.' }) }).meta({
  id: 'StoredCheck',
});

/** A course's practice database: a SQLite script, or JSON `{collection: [documents]}`. */
export const SandboxAnswer = z
  .object({
    kind: z.enum(SANDBOX_KINDS),
    source: z.string().meta({ description: 'sql: a SQLite script that creates and fills the tables. mongo: JSON {"collection": [documents]}.' }),
  })
  .meta({ id: 'Sandbox' });

/** A SQL value: a BLOB comes as hex text. */
const sqlValue = z.union([z.string(), z.number(), z.null()]);
const sqlRows = () => z.array(z.array(sqlValue));

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
    message: z.string().meta({ example: 'Expected 3 columns, got 2.', description: 'Why it failed (or the error with its line), or that it passed.' }),
    columns: z.array(z.string()).optional().meta({ description: "The learner's result's column names." }),
    rows: sqlRows().optional().meta({ description: "The learner's first 50 rows." }),
    rowCount: z.number().int().optional().meta({ description: "How many rows the learner's result has in all." }),
    expected: ResultSliceAnswer.optional().meta({ description: 'On a fail where both queries ran: the first 5 rows of the expected result (never the reference query).' }),
  })
  .meta({ id: 'AttemptResult' });

/** GET /project/{projectId}/passes: the caller's passed checks among the project's current ones. */
export const CheckPassesAnswer = z
  .object({ passed: z.array(objectId()).meta({ description: 'Ids of the checks passed.' }) })
  .meta({ id: 'CheckPasses' });

/** GET /project/check/{projectId} (admins): the project's checks with their reference queries. */
export const StoredChecksAnswer = z.object({ checks: z.array(StoredCheckAnswer) }).meta({ id: 'StoredChecks' });

export const InterviewQuestionAnswer = z
  .object({
    _id: objectId(),
    topic: topic(),
    question: z.string().meta({ example: 'What is the difference between an INNER JOIN and a LEFT JOIN?' }),
    answer: z.string(),
  })
  .meta({ id: 'InterviewQuestion' });

export const ExportedTutorialAnswer = TutorialAnswer.omit({ courseId: true }).meta({ id: 'ExportedTutorial' });

/** Checks travel whole, reference queries included (an admin's backup). */
export const ExportedProjectAnswer = ProjectAnswer.omit({ courseId: true, checks: true })
  .extend({ checks: z.array(StoredCheckAnswer).optional() })
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
  })
  .meta({ id: 'ImportReport' });
