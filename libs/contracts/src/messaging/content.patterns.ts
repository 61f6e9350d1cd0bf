import type { CheckAnalysisQueryDto, IdDto, ListQueryDto, WithPathId } from '../dto/common.dto.js';
import type {
  AttemptMessageDto,
  CheckSolutionRequestDto,
  ChecksLeftRequestDto,
  ExportSliceRequestDto,
  ImportSliceRequestDto,
  ItemJsonRequestDto,
  SandboxRunMessageDto,
} from '../dto/content.dto.js';
import type {
  AttemptResult,
  CheckFigures,
  CheckPasses,
  CheckSolution,
  ChecksLeft,
  Course,
  ExportedCourse,
  ImportReport,
  InterviewQuestion,
  ListPage,
  Project,
  Sandbox,
  SandboxRun,
  Tutorial,
} from '../content.js';
import type { SearchRequestDto } from '../dto/search.dto.js';
import type { PracticeListRequestDto, PracticeNextRequestDto, PracticeSolvedRequestDto } from '../dto/practice.dto.js';
import type { PracticeExercise, PracticeNext, PracticeSolved } from '../practice.js';
import type { ServiceSearch } from '../search.js';
import type { JsonBytes } from './json-bytes.js';

/** Request-reply subjects svc-content answers (gateway → svc-content). Payload DTOs: @dblearn/contracts/dto. */
export const CONTENT_PATTERNS = {
  /**
   * ItemJsonRequestDto → a course, tutorial, project or interview question (what its `find` answers)
   * as UTF-8 JSON bytes with their entity tag, gzipped when asked and large: built once per version
   * and kept in svc-content's memory, sent on by the gateway as the HTTP body (CONTRACT "Reads").
   */
  findItemJson: 'content.item.find-json',
  listCourses: 'content.course.list',
  findCourse: 'content.course.find',

  /** IdDto (the course) → Sandbox; 404 when the course has none. */
  findSandbox: 'content.course.find-sandbox',
  /** IdDto (the course) → Sandbox with `hiddenSource` (null when derived): for admins only (the gateway's guard). */
  findSandboxWithHidden: 'content.course.find-sandbox-with-hidden',
  /**
   * WithPathId<SandboxRunMessageDto> (the course) → SandboxRun: the learner's SQL on a fresh copy of the
   * course's SQL sandbox, on the server's PostgreSQL (issue 32); 400 naming the line, 503 when the lab is down.
   */
  runSandbox: 'content.course.run-sandbox',

  findProject: 'content.project.find',
  /** WithPathId<AttemptMessageDto> (the project) → AttemptResult; 404 for a check of another project. A pass is remembered. */
  attempt: 'content.project.attempt',
  /** CheckSolutionRequestDto → CheckSolution; 403 before SOLUTION_AFTER_FAILURES failures (unless passed). The reveal is recorded. */
  checkSolution: 'content.project.check-solution',
  /** ChecksLeftRequestDto → ChecksLeft (svc-users asks before it records a finished project). */
  checksLeft: 'content.project.checks-left',
  /** ChecksLeftRequestDto → CheckPasses: passes, solutions shown, hints unlocked and failures (one read by _id). */
  checkPasses: 'content.project.check-passes',
  /** CheckAnalysisQueryDto → ListPage<CheckFigures>: every check with its learners' figures, sorted, from memory (admins only). */
  listCheckAnalysis: 'content.check-analysis.list',

  findTutorial: 'content.tutorial.find',

  listInterview: 'content.interview.list',
  findInterview: 'content.interview.find',

  /** PracticeListRequestDto → ListPage<PracticeExercise> (issue 34): the practice list with the caller's status. */
  listPractice: 'content.practice.list',
  /** PracticeNextRequestDto → PracticeNext; 404 for a check not listed. */
  nextPractice: 'content.practice.next',
  /** PracticeSolvedRequestDto → PracticeSolved; 503 while the learner's status cannot be read. */
  solvedPractice: 'content.practice.solved',

  /** One slice of the export, at most about EXPORT_SLICE_BYTES; the gateway asks until `next` is null. */
  exportSlice: 'content.export.slice',
  /** One slice of an import document (the gateway cuts the file to fit NATS' message size). */
  importSlice: 'content.import.slice',

  /** SearchRequestDto → ServiceSearch: courses, tutorials, projects and interview questions from the in-memory index (issue 22). */
  search: 'content.search',

  health: 'content.health',
} as const;

/** NATS carries at most 1 MB a message: export and import travel in slices well under that. */
export const CONTENT_SLICE_BYTES = 256 * 1024;

export interface ExportSliceReply {
  courses: ExportedCourse[];
  interviewQuestions: InterviewQuestion[];
  /** Where the next slice starts; null after the last. */
  next: string | null;
}

/** What each pattern takes: the DTO svc-content validates it with (the gateway's `send` is checked against it). */
export interface ContentRequests {
  [CONTENT_PATTERNS.findItemJson]: ItemJsonRequestDto;
  [CONTENT_PATTERNS.listCourses]: ListQueryDto;
  [CONTENT_PATTERNS.findCourse]: IdDto;
  [CONTENT_PATTERNS.findSandbox]: IdDto;
  [CONTENT_PATTERNS.findSandboxWithHidden]: IdDto;
  [CONTENT_PATTERNS.runSandbox]: WithPathId<SandboxRunMessageDto>;
  [CONTENT_PATTERNS.findProject]: IdDto;
  [CONTENT_PATTERNS.attempt]: WithPathId<AttemptMessageDto>;
  [CONTENT_PATTERNS.checkSolution]: CheckSolutionRequestDto;
  [CONTENT_PATTERNS.checksLeft]: ChecksLeftRequestDto;
  [CONTENT_PATTERNS.checkPasses]: ChecksLeftRequestDto;
  [CONTENT_PATTERNS.listCheckAnalysis]: CheckAnalysisQueryDto;
  [CONTENT_PATTERNS.findTutorial]: IdDto;
  [CONTENT_PATTERNS.listInterview]: ListQueryDto;
  [CONTENT_PATTERNS.findInterview]: IdDto;
  [CONTENT_PATTERNS.listPractice]: PracticeListRequestDto;
  [CONTENT_PATTERNS.nextPractice]: PracticeNextRequestDto;
  [CONTENT_PATTERNS.solvedPractice]: PracticeSolvedRequestDto;
  [CONTENT_PATTERNS.exportSlice]: ExportSliceRequestDto;
  [CONTENT_PATTERNS.importSlice]: ImportSliceRequestDto;
  [CONTENT_PATTERNS.search]: SearchRequestDto;
  [CONTENT_PATTERNS.health]: Record<string, never>;
}

export interface ContentReplies {
  [CONTENT_PATTERNS.findItemJson]: JsonBytes;
  [CONTENT_PATTERNS.listCourses]: ListPage<Course>;
  [CONTENT_PATTERNS.findCourse]: Course;
  [CONTENT_PATTERNS.findSandbox]: Sandbox;
  [CONTENT_PATTERNS.findSandboxWithHidden]: Sandbox;
  [CONTENT_PATTERNS.runSandbox]: SandboxRun;
  [CONTENT_PATTERNS.findProject]: Project;
  [CONTENT_PATTERNS.attempt]: AttemptResult;
  [CONTENT_PATTERNS.checkSolution]: CheckSolution;
  [CONTENT_PATTERNS.checksLeft]: ChecksLeft;
  [CONTENT_PATTERNS.checkPasses]: CheckPasses;
  [CONTENT_PATTERNS.listCheckAnalysis]: ListPage<CheckFigures>;
  [CONTENT_PATTERNS.findTutorial]: Tutorial;
  [CONTENT_PATTERNS.listInterview]: ListPage<InterviewQuestion>;
  [CONTENT_PATTERNS.findInterview]: InterviewQuestion;
  [CONTENT_PATTERNS.listPractice]: ListPage<PracticeExercise>;
  [CONTENT_PATTERNS.nextPractice]: PracticeNext;
  [CONTENT_PATTERNS.solvedPractice]: PracticeSolved;
  [CONTENT_PATTERNS.exportSlice]: ExportSliceReply;
  [CONTENT_PATTERNS.importSlice]: ImportReport;
  [CONTENT_PATTERNS.search]: ServiceSearch;
  [CONTENT_PATTERNS.health]: { status: 'ok' };
}
