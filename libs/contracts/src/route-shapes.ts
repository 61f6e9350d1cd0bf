// Server-side only: each route's body class (class-validator, the one the gateway validates with) and
// answer shape (zod), beside the route table in routes.ts. Typed against ROUTES, so a route added
// there and not here (or the reverse) is a compile error; the gateway's route test compares the body
// classes with its controllers'. A route with a `forward` entry has no hand-written gateway handler:
// the gateway's forwarder serves it and the service answers it with `@RouteHandler` (decision 0051).
import type { ZodType } from 'zod';
import * as answers from './answers/index.js';
import { ADMIN_SQL_CALL_TIMEOUT_MS } from './content.js';
import * as dto from './dto/index.js';
import { CONTENT_ITEM_MAX_JSON_BYTES } from './limits.js';
import { routeCallPattern } from './messaging/route-call.js';
import type { ServiceName } from './messaging/services.js';
import { type Route, routeParams, ROUTES } from './routes.js';

/**
 * How the gateway forwards a route to the service that answers it, with what /api/docs says of it.
 * Every `:param` of a forwarded route is an ObjectId (400 `<param> must be a valid id.`); the body is
 * validated with the route's body class on both sides. 401, 403 (admin routes) and 503 are documented for every route.
 */
export interface RouteForward {
  readonly service: ServiceName;
  readonly summary: string;
  readonly description?: string;
  /** What the success answer holds, for /api/docs. */
  readonly answerDescription?: string;
  /** The refusals the route documents beyond those, each with when it happens. */
  readonly errors?: { readonly 400?: string; readonly 404?: string; readonly 409?: string };
  /**
   * Send `caller.isAdmin` on this learner route, the token's claim confirmed against the admin roster
   * (a rule such as "author or admin"; an admin's call may then wait up to a second, or answer 503, while the roster reloads).
   */
  readonly callerIsAdmin?: boolean;
  /** 201 instead of 200 on success. */
  readonly created?: boolean;
  /** How long the gateway waits for the answer, for a call that may take longer than its usual bound (an admin's SQL save). */
  readonly timeoutMs?: number;
  /** The /api/docs tag; the route's area by default. One tag per area: the area's first route gives it. */
  readonly tag?: string;
}

export interface RouteShape {
  /** The class the gateway validates the JSON body with; null for a call without a body. */
  readonly body: (new () => object) | null;
  /** The answer's zod shape (`[Shape]` for a list), or the media type of an answer that is not JSON. */
  readonly answer: ZodType | readonly [ZodType] | 'text/plain' | 'text/event-stream';
  readonly forward?: RouteForward;
}

const shape = (body: RouteShape['body'], answer: RouteShape['answer'], forward?: RouteForward): RouteShape => ({ body, answer, ...(forward ? { forward } : {}) });

const DECK = 'The cards due now, their count and the size of the deck.';

// The content admin's writes (SPEC §6), answered by svc-content; /api/docs adds "Admins only." to an admin route's description.
/** The 400 of an admin's content write, forwarded or written in the gateway. */
export const ADMIN_WRITE_REFUSED = 'A rule of SPEC §5 is broken, an unknown field was sent, or an id is malformed.';
/** The 404 of a call that names an item by id. */
export const NO_SUCH_ITEM = 'No such item.';
/** The 409 of a block that would take a tutorial or project past what one NATS message carries (issue 17). */
const BLOCK_TOO_LARGE = `The new block would take the item past ${CONTENT_ITEM_MAX_JSON_BYTES / 1024} kB of JSON; nothing was written.`;
const WRITE_ERRORS = { 400: ADMIN_WRITE_REFUSED, 404: NO_SUCH_ITEM } as const;
const contentWrite = (summary: string, description?: string, extra: Partial<RouteForward> = {}): RouteForward => ({
  service: 'content',
  summary,
  ...(description ? { description } : {}),
  errors: WRITE_ERRORS,
  ...extra,
});
const contentCreate = (summary: string, description?: string): RouteForward => contentWrite(summary, description, { errors: { 400: ADMIN_WRITE_REFUSED }, created: true });
/** An update that may append a block: 409 when the item would outgrow one NATS message. */
const growingItem: Partial<RouteForward> = { errors: { ...WRITE_ERRORS, 409: BLOCK_TOO_LARGE } };
/** A save svc-content judges by running SQL (a sandbox, a check's reference): it may try a timed-out script once more. */
const sqlSave: Partial<RouteForward> = { timeoutMs: ADMIN_SQL_CALL_TIMEOUT_MS };

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
  // The signed-in learner's review deck (issue 34): svc-users schedules each card with FSRS; every call answers the deck as it is now.
  review: {
    deck: shape(null, answers.ReviewDeckAnswer, { service: 'users', tag: 'users', summary: 'The review deck: cards due now', answerDescription: DECK }),
    add: shape(dto.IdDto, answers.ReviewDeckAnswer, {
      service: 'users',
      tag: 'users',
      answerDescription: DECK,
      summary: 'Add an interview question to the review deck',
      description: 'Idempotent: a card already there keeps its schedule. Saved questions join the deck by themselves.',
      errors: { 400: 'A malformed id, or a field other than id.', 404: 'No such question.' },
    }),
    grade: shape(dto.ReviewGradeDto, answers.ReviewDeckAnswer, {
      service: 'users',
      tag: 'users',
      answerDescription: DECK,
      summary: 'Grade a card',
      description: 'again, hard, good or easy for the card version shown; FSRS schedules it. The same version posted twice counts once.',
      errors: { 400: 'A grade other than again, hard, good, easy; a malformed id or version.', 404: 'The question is not in the deck.' },
    }),
    remove: shape(null, answers.ReviewDeckAnswer, {
      service: 'users',
      tag: 'users',
      answerDescription: DECK,
      summary: 'Take a question out of the review deck',
      description: 'Idempotent: a question not in the deck changes nothing. A saved question stays saved.',
      errors: { 400: 'A malformed question id.' },
    }),
  },
  practice: {
    list: shape(null, [answers.PracticeExerciseAnswer]),
    solved: shape(null, answers.PracticeSolvedAnswer),
    next: shape(null, answers.PracticeNextAnswer),
  },
  courses: {
    list: shape(null, [answers.CourseAnswer]),
    find: shape(null, answers.CourseAnswer),
    create: shape(dto.CourseDto, answers.CourseAnswer, contentCreate('Create a course')),
    update: shape(dto.CourseDto, answers.CourseAnswer, contentWrite('Update a course')),
    delete: shape(null, answers.CourseAnswer, contentWrite('Delete a course', 'Its tutorials and projects are deleted too.')),
    putSandbox: shape(
      dto.SandboxDto,
      answers.CourseAnswer,
      contentWrite(
        'Set the course sandbox',
        'sql: a SQLite script (up to 200 kB), run on an empty database on save (400 naming the line when it fails). mongo: JSON {"collection": [documents]}. hiddenSource: the hidden variant checks are also graded on, same kind and shape (checked the same way); without it the variant is derived from source.',
        sqlSave,
      ),
    ),
    findSandbox: shape(null, answers.SandboxAnswer),
    runSandbox: shape(dto.SandboxRunDto, answers.SandboxRunAnswer),
    attachProject: shape(dto.IdDto, answers.CourseAnswer, contentWrite('Attach a project', 'Idempotent; a project attached elsewhere moves here.')),
    detachProject: shape(dto.IdDto, answers.CourseAnswer, contentWrite('Detach a project', 'Idempotent: detaching what is not attached changes nothing.')),
    attachTutorial: shape(dto.IdDto, answers.CourseAnswer, contentWrite('Attach a tutorial', 'Idempotent; a tutorial attached elsewhere moves here.')),
    detachTutorial: shape(dto.IdDto, answers.CourseAnswer, contentWrite('Detach a tutorial', 'Idempotent: detaching what is not attached changes nothing.')),
  },
  tutorials: {
    find: shape(null, answers.TutorialAnswer),
    create: shape(dto.CreateTutorialDto, answers.TutorialAnswer, contentCreate('Create a tutorial', 'With courseId it is attached to that course; `content` is its first block.')),
    removeBlock: shape(dto.IdDto, answers.TutorialAnswer, contentWrite('Remove a content block', 'The body names the block.')),
    update: shape(dto.UpdateTutorialDto, answers.TutorialAnswer, contentWrite('Update a tutorial', '`content` appends a block.', growingItem)),
    delete: shape(null, answers.TutorialAnswer, contentWrite('Delete a tutorial', 'Detached from its course.')),
  },
  projects: {
    find: shape(null, answers.ProjectAnswer),
    create: shape(dto.CreateProjectDto, answers.ProjectAnswer, contentCreate('Create a project', 'With courseId it is attached to that course (404 if there is none).')),
    removeBlock: shape(dto.IdDto, answers.ProjectAnswer, contentWrite('Remove a content block', 'The body names the block.')),
    storedChecks: shape(null, answers.StoredChecksAnswer, contentWrite('The checks with their reference queries', 'For the check editor; learners never see a reference query.')),
    passes: shape(null, answers.CheckPassesAnswer),
    addCheck: shape(
      dto.CheckDto,
      answers.ProjectAnswer,
      contentWrite(
        'Add a check',
        'A stored check without _id, by kind: query (referenceSql), state (referenceSql, verifySql, probes), mongo (referenceQuery) or quiz (quiz); task 10–3000 characters, up to 3 hints, an explanation. 400 when the reference does not run on the course sandbox or its hidden variant, a probe is not met, or a quiz is malformed.',
        sqlSave,
      ),
    ),
    updateCheck: shape(
      dto.UpdateCheckDto,
      answers.ProjectAnswer,
      contentWrite(
        'Edit a check',
        'The body names the check and gives it whole, checked like an added one (400 naming the problem). It keeps its place; a check that grades differently (reference, verification, probes, quiz answer) gets a new _id, so passes and failures earned against the old one no longer count.',
        sqlSave,
      ),
    ),
    deleteCheck: shape(dto.IdDto, answers.ProjectAnswer, contentWrite('Remove a check', 'The body names the check.')),
    attempt: shape(dto.AttemptDto, answers.AttemptResultAnswer),
    solution: shape(null, answers.CheckSolutionAnswer),
    update: shape(dto.UpdateProjectDto, answers.ProjectAnswer, contentWrite('Update a project', '`content` appends a block. Learners’ finished lists follow.', growingItem)),
    delete: shape(null, answers.ProjectAnswer, contentWrite('Delete a project', 'Detached from its course and removed from every finished list.')),
  },
  interview: {
    list: shape(null, [answers.InterviewQuestionAnswer]),
    find: shape(null, answers.InterviewQuestionAnswer),
    create: shape(dto.InterviewQuestionDto, answers.InterviewQuestionAnswer, contentCreate('Create an interview question')),
    update: shape(dto.InterviewQuestionDto, answers.InterviewQuestionAnswer, contentWrite('Update an interview question', 'Saved copies in learners’ lists follow.')),
    delete: shape(null, answers.InterviewQuestionAnswer, contentWrite('Delete an interview question', 'It leaves every learner’s saved list.')),
  },
  content: {
    export: shape(null, answers.ContentExportAnswer),
    import: shape(dto.ContentImportDto, answers.ImportReportAnswer),
  },
  checkAnalysis: {
    list: shape(null, [answers.CheckFiguresAnswer]),
    find: shape(
      null,
      answers.CheckAnalysisAnswer,
      contentWrite('One check’s figures and its most common wrong answers', 'Zeros for a check nobody attempted yet; 404 when the project has no such check.', { tag: 'checks' }),
    ),
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

/** A route the gateway forwards, with its flat name and the NATS subject derived from it. */
export interface ForwardedRoute {
  readonly name: string;
  readonly route: Route;
  readonly body: RouteShape['body'];
  readonly answer: RouteShape['answer'];
  readonly forward: RouteForward;
  readonly pattern: string;
  /** The path's `:params`, in the path's order (each an ObjectId). */
  readonly params: readonly string[];
}

/** Every route with a `forward` entry, in table order: what the gateway's forwarder mounts. */
export function forwardedRoutes(): ForwardedRoute[] {
  return Object.entries(ROUTES).flatMap(([area, routes]) =>
    Object.entries(routes as Record<string, Route>).flatMap(([call, route]) => {
      const { body, answer, forward } = (ROUTE_SHAPES as Record<string, Record<string, RouteShape>>)[area]![call]!;
      const name = `${area}.${call}`;
      return forward ? [{ name, route, body, answer, forward, pattern: routeCallPattern(forward.service, name), params: routeParams(route.path) }] : [];
    }),
  );
}

/** The forwarding of one entry of ROUTES (`forwardedRoute(ROUTES.review.grade)`); a route without a `forward` entry is a programming error. */
export function forwardedRoute(route: Route): ForwardedRoute {
  const found = forwardedRoutes().find((candidate) => candidate.route === route);
  if (!found) throw new Error(`${route.method} ${route.path} has no forward entry in ROUTE_SHAPES.`);
  return found;
}

/** A route's shape by its flat name (`qna.accept`), as `allRoutes()` names it. */
export function routeShape(name: string): RouteShape | undefined {
  const [area = '', call = ''] = name.split('.');
  return (ROUTE_SHAPES as Record<string, Record<string, RouteShape>>)[area]?.[call];
}
