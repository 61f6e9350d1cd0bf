// mf-catalog's part of the gateway (content, checks, sandboxes and the learner's progress), as msw
// handlers over an in-memory store: the component tests use them (testing/render-catalog.tsx) and
// so does `npm run start:alone` (testing/alone/).
import {
  API_PREFIX,
  apiPath,
  BLOCK_NOT_FOUND_MESSAGE,
  CHECK_NOT_FOUND_MESSAGE,
  COURSE_NOT_FOUND_MESSAGE,
  DEADLINE_PASSED_MESSAGE,
  PROJECT_NOT_FOUND_MESSAGE,
  ROUTES,
  SANDBOX_NOT_FOUND_MESSAGE,
  SOLUTION_AFTER_FAILURES,
  SOLUTION_LOCKED_MESSAGE,
  TUTORIAL_NOT_FOUND_MESSAGE,
  type AttemptResult,
  type CheckAnalysis,
  type CheckFigures,
  type CheckPasses,
  type PracticeExercise,
  type CheckSolution,
  type Sandbox,
  type StoredChecks,
} from '@dblearn/contracts';
import {
  PASSED_MESSAGE,
  checkAnswerRefusal,
  checksLeftMessage,
  gradeQuiz,
  learnerQuizFields,
  quizRefusal,
  quizSolution,
  statementLine,
} from '@dblearn/lab';
import { bodyOf, onRoutes, pagedAnswer, refusal } from '@dblearn/web/testing/msw';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { CheckBody, LearnerCheck } from '../src/features/checks/api/check-kinds.js';
import type { Course, Progress, Project, Tutorial } from '../src/lib/content.js';
import { oid } from './data.js';

export interface CatalogStore {
  courses: Course[];
  tutorials: Tutorial[];
  projects: Project[];
  me: Progress;
  /** svc-content is down: content calls answer 503 until this is set back to false. */
  contentDown?: boolean;
  /** Reference query of each query check by check id (svc-content keeps them; learners never get them). */
  references?: Record<string, string>;
  /** Whole stored checks by id, for other kinds and for hints, explanations and quiz answers (wins over `references`). */
  stored?: Record<string, CheckBody>;
  /** The learner's passed check ids. */
  passes?: string[];
  /** The learner's failed attempts by check id. */
  failures?: Record<string, number>;
  /** The checks whose solution the learner revealed. */
  solutionShown?: string[];
  /** Every attempt's body, in order (the handlers fill it). */
  attempts?: Record<string, unknown>[];
  /** GET /practice's exercises (issue 34), in course order, each with the learner's status. */
  practice?: PracticeExercise[];
  /** Learners' figures by check id (GET /api/checks/analysis…); a check without any answers zeros. */
  analysis?: Record<string, CheckAnalysis>;
  /** Each course's practice database by course id (none: GET answers 404), with its hidden variant (null: derived). */
  sandboxes?: Record<string, Sandbox & { hiddenSource?: string | null }>;
}

/** A verdict before the handler adds hints, failures and solutionAvailable. */
type Verdict = Omit<AttemptResult, 'hints' | 'failures' | 'solutionAvailable'>;

/** Standing in for running SQL: a query passes when it reads like the reference (svc-content really runs both). */
function sameQuery(a: string, b: string): boolean {
  const plain = (sql: string) => sql.trim().replace(/;$/, '').replace(/\s+/g, ' ').toLowerCase();
  return plain(a) === plain(b);
}

/** The server's line for an error at `word`: where the statement holding it starts. */
function lineOfStatementWith(sql: string, word: string): number {
  const at = sql.indexOf(word);
  return statementLine(sql, sql.lastIndexOf(';', at) + 1);
}

function gradeQuery(reference: string, sql: string): Verdict {
  if (sameQuery(reference, sql)) return { passed: true, message: PASSED_MESSAGE, columns: ['name'], rows: [['Ada']], rowCount: 1 };
  if (/nowhere/.test(sql)) return { passed: false, message: `Line ${lineOfStatementWith(sql, 'nowhere')}: no such table: nowhere` };
  return { passed: false, message: 'Row 2 differs.', columns: ['name'], rows: [['Ada'], ['Bob']], rowCount: 2, expected: { columns: ['name'], rows: [['Ada'], ['Edgar']], rowCount: 2 } };
}

/** The solution in words, as svc-content gives it once revealed. */
function solutionOf(check: CheckBody): string {
  if (check.kind === 'mongo') return check.referenceQuery;
  return check.kind === 'quiz' ? quizSolution(check.quiz) : check.referenceSql;
}

/** A check as learners get it (never the reference or the answer). */
function learnerCheck(_id: string, check: CheckBody): LearnerCheck {
  const base = { _id, kind: check.kind, task: check.task, hintCount: check.hints.length };
  return check.kind === 'quiz' ? { ...base, ...learnerQuizFields(check.quiz) } : base;
}

/** Refusals of a check on save, worded like svc-content's (a text naming "nope" or "practice_only" fails there). */
function refusalOf(check: CheckBody): string | null {
  if (check.kind === 'query' || check.kind === 'state') {
    if (/nope/.test(check.referenceSql)) return `The reference query does not run on the course's sandbox: Line ${lineOfStatementWith(check.referenceSql, 'nope')}: no such column: nope`;
    if (/practice_only/.test(check.referenceSql)) return `The reference query does not run on the hidden variant: Line ${lineOfStatementWith(check.referenceSql, 'practice_only')}: no such table: practice_only`;
  }
  if (check.kind === 'mongo' && /practice_only/.test(check.referenceQuery)) {
    return `The reference query does not run on the hidden variant: Line ${check.referenceQuery.split('\n').findIndex((line) => line.includes('practice_only')) + 1}: no collection practice_only`;
  }
  if (check.kind === 'state') {
    if (/nope/.test(check.verifySql)) return `The verification query does not run after the reference on the course's sandbox: Line ${lineOfStatementWith(check.verifySql, 'nope')}: no such column: nope`;
    const broken = check.probes.findIndex((probe) => probe.expect === 'fails' && !/nope/.test(probe.sql) && /orphan/.test(probe.sql));
    if (broken >= 0) return `Probe ${broken + 1} should fail after the reference statements, but it ran.`;
  }
  return check.kind === 'quiz' ? quizRefusal(check.quiz) : null;
}

/** Refusals on PostgreSQL (issue 32), worded like svc-content's: julianday does not exist there, "nope" is no column; a variant in place of its SQLite part. */
function postgresRefusalOf(check: CheckBody): string | null {
  if (check.kind !== 'query' && check.kind !== 'state') return null;
  const reference = check.referenceSqlPostgres ?? check.referenceSql;
  const bad = /julianday|nope/i;
  if (bad.test(reference)) return `On PostgreSQL: The reference query does not run on the course's sandbox: Line ${lineOfStatementWith(reference, bad.exec(reference)![0])}: function or column not found`;
  const verify = check.kind === 'state' ? (check.verifySqlPostgres ?? check.verifySql) : '';
  if (bad.test(verify)) return `On PostgreSQL: The verification query does not run after the reference on the course's sandbox: Line ${lineOfStatementWith(verify, bad.exec(verify)![0])}: column "nope" does not exist`;
  return null;
}


/** What a check's answer is, besides its wording, hints and explanation: a change of it is a new check id. */
function answerOf(check: CheckBody): string {
  const { task: _task, hints: _hints, explanation: _explanation, difficulty: _difficulty, alternative: _alternative, ...answer } = check;
  return JSON.stringify(answer);
}


/** The gateway's content and progress calls as docs/api-contract.md describes them; the caller is store.me. */
export function catalogHandlers(store: CatalogStore) {
  const project = (id: unknown) => store.projects.find((item) => item._id === id);
  const storedCheck = (checkId: string): CheckBody | undefined => {
    const task = store.projects.flatMap((item) => item.checks).find((check) => check._id === checkId)?.task ?? '';
    const reference = store.references?.[checkId];
    return store.stored?.[checkId] ?? (reference !== undefined ? { kind: 'query', task, referenceSql: reference, hints: [], explanation: '' } : undefined);
  };
  const hintsNow = (checkId: string) => storedCheck(checkId)?.hints.slice(0, store.failures?.[checkId] ?? 0) ?? [];
  const json = <Answer extends JsonBodyType>(answer: Answer, status = 200) => HttpResponse.json<Answer>(answer, { status });

  return [
    http.all(`${API_PREFIX}/*`, ({ request }) =>
      store.contentDown && !new URL(request.url).pathname.startsWith(`${API_PREFIX}/users`) ? refusal(503, DEADLINE_PASSED_MESSAGE) : undefined,
    ),

    http.get(apiPath(ROUTES.practice.list), ({ request }) => {
      const url = new URL(request.url);
      const wanted = (field: 'topic' | 'course' | 'kind' | 'difficulty' | 'status', value: string) => {
        const asked = url.searchParams.get(field);
        return !asked || asked === value;
      };
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = (store.practice ?? []).filter(
        (item) =>
          wanted('topic', item.topic) &&
          wanted('course', item.courseId) &&
          wanted('kind', item.kind) &&
          wanted('difficulty', item.difficulty) &&
          wanted('status', item.status) &&
          `${item.task} ${item.projectTitle}`.toLowerCase().includes(q),
      );
      return pagedAnswer<PracticeExercise>(items, url);
    }),
    http.get(apiPath(ROUTES.practice.next), ({ request }) => {
      const after = new URL(request.url).searchParams.get('after');
      const exercises = store.practice ?? [];
      const at = exercises.findIndex((item) => item.checkId === after);
      const next = exercises.slice(at + 1).find((item) => item.status !== 'solved' && item.status !== 'solved-with-solution') ?? null;
      return HttpResponse.json({ next });
    }),
    http.get(apiPath(ROUTES.courses.list), ({ request }) => {
      const url = new URL(request.url);
      const topic = url.searchParams.get('topic');
      return pagedAnswer<Course>(store.courses.filter((item) => !topic || item.topic === topic), url);
    }),
    http.post(apiPath(ROUTES.courses.create), async ({ request }) => {
      const created: Course = { _id: oid(store.courses.length + 100), topic: 'sql', name: '', teacher: '', length: '', tutorials: [], projects: [], ...(await bodyOf<Partial<Course>>(request)) };
      store.courses.push(created);
      return json<Course>(created, 201);
    }),
    // Admins' answer: the hidden variant too, null when derived.
    http.get(apiPath(ROUTES.courses.findSandbox), ({ params }) => {
      const sandbox = store.sandboxes?.[params.courseId as string];
      return sandbox ? json<Sandbox>({ hiddenSource: null, ...sandbox }) : refusal(404, SANDBOX_NOT_FOUND_MESSAGE);
    }),
    // svc-content runs the script on an empty database; here a line naming "nowhere" fails.
    http.put(apiPath(ROUTES.courses.putSandbox), async ({ params, request }) => {
      const { kind, source, hiddenSource } = (await bodyOf<Sandbox>(request))!;
      const failing = source.split('\n').findIndex((line) => /nowhere/.test(line));
      if (failing >= 0) return refusal(400, `The sandbox script does not run: Line ${failing + 1}: no such table: nowhere`);
      const hiddenFailing = hiddenSource?.split('\n').findIndex((line) => /nowhere/.test(line)) ?? -1;
      if (hiddenFailing >= 0) return refusal(400, `The hidden variant does not run: Line ${hiddenFailing + 1}: no such table: nowhere`);
      const courseId = params.courseId as string;
      (store.sandboxes ??= {})[courseId] = { kind, source, ...(hiddenSource === undefined ? {} : { hiddenSource }) };
      const found = store.courses.find((item) => item._id === courseId);
      return found ? json<Course>(found) : refusal(404, COURSE_NOT_FOUND_MESSAGE);
    }),
    ...onRoutes([ROUTES.courses.find, ROUTES.courses.update, ROUTES.courses.delete], async ({ params, request }) => {
      const index = store.courses.findIndex((item) => item._id === params.id);
      if (index < 0) return refusal(404, COURSE_NOT_FOUND_MESSAGE);
      if (request.method === 'DELETE') return json<Course>(store.courses.splice(index, 1)[0]!);
      if (request.method === 'PUT') store.courses[index] = { ...store.courses[index]!, ...(await bodyOf<Partial<Course>>(request)) };
      return json<Course>(store.courses[index]!);
    }),

    http.get(apiPath(ROUTES.tutorials.find), ({ params }) => {
      const tutorial = store.tutorials.find((item) => item._id === params.id);
      return tutorial ? json<Tutorial>(tutorial) : refusal(404, TUTORIAL_NOT_FOUND_MESSAGE);
    }),

    http.put(apiPath(ROUTES.projects.removeBlock), async ({ params, request }) => {
      const found = project(params.projectId);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      const { id } = (await bodyOf<{ id: string }>(request))!;
      if (!found.contents.some((block) => block._id === id)) return refusal(404, BLOCK_NOT_FOUND_MESSAGE);
      found.contents = found.contents.filter((block) => block._id !== id);
      return json<Project>(found);
    }),
    http.get(apiPath(ROUTES.projects.passes), ({ params }) => {
      const found = project(params.projectId);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      const ids = found.checks.map((check) => check._id);
      return json<CheckPasses>({
        passed: ids.filter((id) => store.passes?.includes(id)),
        solutionShown: ids.filter((id) => store.solutionShown?.includes(id)),
        hints: Object.fromEntries(ids.filter((id) => hintsNow(id).length > 0).map((id) => [id, hintsNow(id)])),
        failures: Object.fromEntries(ids.filter((id) => store.failures?.[id]).map((id) => [id, store.failures![id]!])),
      });
    }),
    http.post(apiPath(ROUTES.projects.solution), ({ params }) => {
      const checkId = params.checkId as string;
      const check = storedCheck(checkId);
      if (!check) return refusal(404, CHECK_NOT_FOUND_MESSAGE);
      const passed = store.passes?.includes(checkId) ?? false;
      if ((store.failures?.[checkId] ?? 0) < SOLUTION_AFTER_FAILURES && !passed) return refusal(403, SOLUTION_LOCKED_MESSAGE);
      // Like svc-content: only a reveal before the pass is recorded.
      if (!passed) store.solutionShown = [...new Set([...(store.solutionShown ?? []), checkId])];
      return json<CheckSolution>({ solution: solutionOf(check), explanation: check.explanation, ...(check.alternative ? { alternative: check.alternative } : {}) });
    }),
    http.post(apiPath(ROUTES.projects.attempt), async ({ params, request }) => {
      const body = (await bodyOf<{ checkId: string; sql?: string; query?: string; answer?: unknown }>(request))!;
      (store.attempts ??= []).push(body);
      const { checkId, ...given } = body;
      const check = storedCheck(checkId);
      if (!project(params.projectId)?.checks.some((item) => item._id === checkId) || !check) return refusal(404, CHECK_NOT_FOUND_MESSAGE);
      const refused = checkAnswerRefusal(check, given);
      if (refused) return refusal(400, refused);
      const result: Verdict =
        check.kind === 'quiz' ? gradeQuiz(check.quiz, given.answer as never) : gradeQuery(check.kind === 'mongo' ? check.referenceQuery : check.referenceSql, (check.kind === 'mongo' ? given.query : given.sql)!);
      if (result.passed) store.passes = [...(store.passes ?? []), checkId];
      else store.failures = { ...store.failures, [checkId]: (store.failures?.[checkId] ?? 0) + 1 };
      const failures = store.failures?.[checkId] ?? 0;
      return json<AttemptResult>({ ...result, hints: hintsNow(checkId), failures, solutionAvailable: result.passed || failures >= SOLUTION_AFTER_FAILURES });
    }),
    http.get(apiPath(ROUTES.checkAnalysis.list), ({ request }) => {
      const url = new URL(request.url);
      const sort = url.searchParams.get('sort') ?? 'tried';
      const figure: Record<string, (item: CheckFigures) => number> = {
        tried: (item) => item.tried,
        passRate: (item) => item.passRate ?? -1,
        medianAttempts: (item) => item.medianAttempts ?? 0,
        reveals: (item) => item.solutionsRevealed,
      };
      const key = figure[sort];
      if (!key) return refusal(400, 'sort must be one of: tried, passRate, medianAttempts, reveals.');
      const sign = url.searchParams.get('order') === 'asc' ? 1 : -1;
      const items = Object.values(store.analysis ?? {})
        .map(({ wrongAnswers: _answers, ...figures }): CheckFigures => figures)
        .sort((a, b) => sign * (key(a) - key(b)) || a.checkId.localeCompare(b.checkId));
      return pagedAnswer<CheckFigures>(items, url);
    }),
    http.get(apiPath(ROUTES.checkAnalysis.find), ({ params }) => {
      const checkId = String(params.checkId);
      const found = project(params.projectId);
      const check = found?.checks.find((item) => item._id === checkId);
      if (!found || !check) return refusal(404, CHECK_NOT_FOUND_MESSAGE);
      const zeros: CheckAnalysis = {
        checkId,
        projectId: found._id,
        projectTitle: found.title,
        courseId: found.courseId,
        courseName: null,
        kind: check.kind,
        task: check.task,
        hintCount: check.hintCount,
        tried: 0,
        passed: 0,
        passRate: null,
        attemptsToPass: [0, 0, 0, 0],
        medianAttempts: null,
        hintsUnlocked: Array.from({ length: check.hintCount }, () => 0),
        solutionsRevealed: 0,
        failures: [],
        topWrongAnswer: null,
        wrongAnswers: [],
      };
      return json<CheckAnalysis>(store.analysis?.[checkId] ?? zeros);
    }),
    http.get(apiPath(ROUTES.projects.storedChecks), ({ params }) => {
      const found = project(params.projectId);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      return json<StoredChecks>({ checks: found.checks.map((check) => ({ ...storedCheck(check._id)!, _id: check._id })) });
    }),
    http.put(apiPath(ROUTES.projects.deleteCheck), async ({ params, request }) => {
      const found = project(params.projectId);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      const { id } = (await bodyOf<{ id: string }>(request))!;
      found.checks = found.checks.filter((check) => check._id !== id);
      return json<Project>(found);
    }),
    ...([[ROUTES.projects.addCheck, false], [ROUTES.projects.updateCheck, true]] as const).map(([route, updating]) => http.put(apiPath(route), async ({ params, request }) => {
      const found = project(params.projectId);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      const { id: editedId, ...check } = (await bodyOf<CheckBody & { id?: string }>(request))!;
      const at = found.checks.findIndex((item) => item._id === editedId);
      if (updating && at < 0) return refusal(404, CHECK_NOT_FOUND_MESSAGE);
      const refused = refusalOf(check as CheckBody) ?? postgresRefusalOf(check as CheckBody);
      if (refused) return refusal(400, refused);
      // Like svc-content: a new reference or answer is a new check id (old passes stop counting), a new wording is not.
      const before = at >= 0 ? storedCheck(editedId!) : undefined;
      const stored = (store.stored ??= {});
      const id = before && answerOf(before) === answerOf(check as CheckBody) ? editedId! : oid(700 + Object.keys(stored).length + Object.keys(store.references ?? {}).length);
      stored[id] = check as CheckBody;
      if (at >= 0) found.checks[at] = learnerCheck(id, check as CheckBody);
      else found.checks.push(learnerCheck(id, check as CheckBody));
      return json<Project>(found);
    })),
    http.post(apiPath(ROUTES.projects.create), async ({ request }) => {
      const { title, difficulty, courseId } = (await bodyOf<{ title: string; difficulty: Project['difficulty']; courseId: string }>(request))!;
      const created: Project = { _id: oid(500 + store.projects.length), title, difficulty, courseId, contents: [], checks: [] };
      store.projects.push(created);
      store.courses.find((item) => item._id === courseId)?.projects.push({ _id: created._id, title, difficulty });
      return json<Project>(created, 201);
    }),
    ...onRoutes([ROUTES.projects.find, ROUTES.projects.update, ROUTES.projects.delete], async ({ params, request }) => {
      const found = project(params.id);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      if (request.method === 'PUT') {
        const { title, difficulty, content } = (await bodyOf<{ title: string; difficulty: Project['difficulty']; content?: { header?: string; detail?: string } }>(request))!;
        Object.assign(found, { title, difficulty });
        if (content) found.contents.push({ _id: oid(600 + found.contents.length), header: content.header ?? '', detail: content.detail ?? '' });
      }
      return json<Project>(found);
    }),

    http.get(apiPath(ROUTES.users.me), () => json<Progress>(store.me)),
    http.post(apiPath(ROUTES.progress.readTutorial), async ({ request }) => {
      const { id } = (await bodyOf<{ id: string }>(request))!;
      const tutorial = store.tutorials.find((item) => item._id === id);
      if (!store.me.readTutorial.some((entry) => entry._id === id)) store.me.readTutorial.push({ _id: id, courseId: tutorial?.courseId ?? oid(1) });
      return json<Progress>(store.me);
    }),
    http.post(apiPath(ROUTES.progress.finishProject), async ({ request }) => {
      const { id } = (await bodyOf<{ id: string }>(request))!;
      const found = project(id);
      if (!found) return refusal(404, PROJECT_NOT_FOUND_MESSAGE);
      const left = found.checks.filter((check) => !store.passes?.includes(check._id));
      if (left.length > 0) return refusal(409, checksLeftMessage(left.map((check) => check.task)));
      if (!store.me.finishedProject.some((entry) => entry._id === id)) store.me.finishedProject.push({ _id: id, title: found.title, difficulty: found.difficulty, courseId: found.courseId });
      return json<Progress>(store.me);
    }),
    http.put(apiPath(ROUTES.progress.unfinishProject), async ({ request }) => {
      const { id } = (await bodyOf<{ id: string }>(request))!;
      store.me.finishedProject = store.me.finishedProject.filter((entry) => entry._id !== id);
      return json<Progress>(store.me);
    }),
  ];
}
