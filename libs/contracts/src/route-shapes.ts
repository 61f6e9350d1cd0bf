// Server-side only: each route's body class (class-validator, the one the gateway validates with) and
// answer shape (zod), beside the route table in routes.ts. Typed against ROUTES, so a route added
// there and not here (or the reverse) is a compile error; the gateway's route test compares the body
// classes with its controllers'.
import type { ZodType } from 'zod';
import * as answers from './answers/index.js';
import * as dto from './dto/index.js';
import type { ROUTES } from './routes.js';

export interface RouteShape {
  /** The class the gateway validates the JSON body with; null for a call without a body. */
  readonly body: (new () => object) | null;
  /** The answer's zod shape (`[Shape]` for a list), or the media type of an answer that is not JSON. */
  readonly answer: ZodType | readonly [ZodType] | 'text/plain' | 'text/event-stream';
}

const shape = (body: RouteShape['body'], answer: RouteShape['answer']): RouteShape => ({ body, answer });

export const ROUTE_SHAPES = {
  health: {
    check: shape(null, answers.HealthReportAnswer),
  },
  auth: {
    login: shape(dto.LoginDto, 'text/plain'),
  },
  users: {
    register: shape(dto.RegisterUserDto, answers.PublicUserAnswer),
    me: shape(null, answers.UserProfileAnswer),
    updateMe: shape(dto.UpdateMeDto, answers.UserProfileAnswer),
    deleteMe: shape(dto.DeleteAccountDto, answers.AccountDeletedAnswer),
  },
  progress: {
    finishProject: shape(dto.IdDto, answers.UserProfileAnswer),
    unfinishProject: shape(dto.IdDto, answers.UserProfileAnswer),
    saveQuestion: shape(dto.IdDto, answers.UserProfileAnswer),
    unsaveQuestion: shape(dto.IdDto, answers.UserProfileAnswer),
    readTutorial: shape(dto.IdDto, answers.UserProfileAnswer),
  },
  review: {
    deck: shape(null, answers.ReviewDeckAnswer),
    add: shape(dto.IdDto, answers.ReviewDeckAnswer),
    grade: shape(dto.ReviewGradeDto, answers.ReviewDeckAnswer),
    remove: shape(null, answers.ReviewDeckAnswer),
  },
  practice: {
    list: shape(null, [answers.PracticeExerciseAnswer]),
    solved: shape(null, answers.PracticeSolvedAnswer),
    next: shape(null, answers.PracticeNextAnswer),
  },
  courses: {
    list: shape(null, [answers.CourseAnswer]),
    find: shape(null, answers.CourseAnswer),
    create: shape(dto.CourseDto, answers.CourseAnswer),
    update: shape(dto.CourseDto, answers.CourseAnswer),
    delete: shape(null, answers.CourseAnswer),
    putSandbox: shape(dto.SandboxDto, answers.CourseAnswer),
    findSandbox: shape(null, answers.SandboxAnswer),
    runSandbox: shape(dto.SandboxRunDto, answers.SandboxRunAnswer),
    attachProject: shape(dto.IdDto, answers.CourseAnswer),
    detachProject: shape(dto.IdDto, answers.CourseAnswer),
    attachTutorial: shape(dto.IdDto, answers.CourseAnswer),
    detachTutorial: shape(dto.IdDto, answers.CourseAnswer),
  },
  tutorials: {
    find: shape(null, answers.TutorialAnswer),
    create: shape(dto.CreateTutorialDto, answers.TutorialAnswer),
    removeBlock: shape(dto.IdDto, answers.TutorialAnswer),
    update: shape(dto.UpdateTutorialDto, answers.TutorialAnswer),
    delete: shape(null, answers.TutorialAnswer),
  },
  projects: {
    find: shape(null, answers.ProjectAnswer),
    create: shape(dto.CreateProjectDto, answers.ProjectAnswer),
    removeBlock: shape(dto.IdDto, answers.ProjectAnswer),
    storedChecks: shape(null, answers.StoredChecksAnswer),
    passes: shape(null, answers.CheckPassesAnswer),
    addCheck: shape(dto.CheckDto, answers.ProjectAnswer),
    updateCheck: shape(dto.UpdateCheckDto, answers.ProjectAnswer),
    deleteCheck: shape(dto.IdDto, answers.ProjectAnswer),
    attempt: shape(dto.AttemptDto, answers.AttemptResultAnswer),
    solution: shape(null, answers.CheckSolutionAnswer),
    update: shape(dto.UpdateProjectDto, answers.ProjectAnswer),
    delete: shape(null, answers.ProjectAnswer),
  },
  interview: {
    list: shape(null, [answers.InterviewQuestionAnswer]),
    find: shape(null, answers.InterviewQuestionAnswer),
    create: shape(dto.InterviewQuestionDto, answers.InterviewQuestionAnswer),
    update: shape(dto.InterviewQuestionDto, answers.InterviewQuestionAnswer),
    delete: shape(null, answers.InterviewQuestionAnswer),
  },
  content: {
    export: shape(null, answers.ContentExportAnswer),
    import: shape(dto.ContentImportDto, answers.ImportReportAnswer),
  },
  checkAnalysis: {
    list: shape(null, [answers.CheckFiguresAnswer]),
    find: shape(null, answers.CheckAnalysisAnswer),
  },
  qna: {
    list: shape(null, [answers.QnaQuestionSummaryAnswer]),
    find: shape(null, answers.QnaQuestionAnswer),
    create: shape(dto.QnaQuestionDto, answers.QnaQuestionAnswer),
    deleteReply: shape(dto.IdDto, answers.QnaQuestionAnswer),
    accept: shape(dto.QnaAcceptDto, answers.QnaQuestionAnswer),
    update: shape(dto.QnaUpdateDto, answers.QnaQuestionAnswer),
    reply: shape(dto.QnaReplyDto, answers.QnaQuestionAnswer),
    delete: shape(null, answers.QnaQuestionAnswer),
  },
  live: {
    qna: shape(null, 'text/event-stream'),
  },
  search: {
    search: shape(null, answers.SearchPageAnswer),
  },
} as const satisfies { [Area in keyof typeof ROUTES]: { [Name in keyof (typeof ROUTES)[Area]]: RouteShape } };

/** A route's shape by its flat name (`qna.accept`), as `allRoutes()` names it. */
export function routeShape(name: string): RouteShape | undefined {
  const [area = '', call = ''] = name.split('.');
  return (ROUTE_SHAPES as Record<string, Record<string, RouteShape>>)[area]?.[call];
}
