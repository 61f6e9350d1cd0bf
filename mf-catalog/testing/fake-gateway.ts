import { jsonResponse } from '@dblearn/web/testing';
import { statementLine, type AttemptResult, type Quiz, type Sandbox } from '@dblearn/contracts';
import type { CheckBody, LearnerCheck } from '../src/features/checks/api/check-kinds.js';
import type { Course, Progress, Project, Tutorial } from '../src/lib/content.js';

/** 24-hex ids like the gateway's, numbered so tests can name them. */
export function oid(n: number): string {
  return n.toString(16).padStart(24, '0');
}

export interface FakeData {
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
  /** Every attempt's body, in order (the fake fills it). */
  attempts?: Record<string, unknown>[];
  /** Each course's practice database by course id (none: GET answers 404), with its hidden variant (null: derived). */
  sandboxes?: Record<string, Sandbox & { hiddenSource?: string | null }>;
}

const SOLUTION_AFTER = 3;

/** The fake's grading: a query passes when it reads like the reference (svc-content really runs both). */
function sameQuery(a: string, b: string): boolean {
  const plain = (sql: string) => sql.trim().replace(/;$/, '').replace(/\s+/g, ' ').toLowerCase();
  return plain(a) === plain(b);
}

/** The server's line for an error at `word`: where the statement holding it starts. */
function lineOfStatementWith(sql: string, word: string): number {
  const at = sql.indexOf(word);
  return statementLine(sql, sql.lastIndexOf(';', at) + 1);
}

/** A verdict before the fake adds hints, failures and solutionAvailable. */
type Verdict = Omit<AttemptResult, 'hints' | 'failures' | 'solutionAvailable'>;

function gradeQuery(reference: string, sql: string): Verdict {
  if (sameQuery(reference, sql)) return { passed: true, message: 'Passed: your result matches.', columns: ['name'], rows: [['Ada']], rowCount: 1 };
  if (/nowhere/.test(sql)) return { passed: false, message: `Line ${lineOfStatementWith(sql, 'nowhere')}: no such table: nowhere` };
  return { passed: false, message: 'Row 2 differs.', columns: ['name'], rows: [['Ada'], ['Bob']], rowCount: 2, expected: { columns: ['name'], rows: [['Ada'], ['Edgar']], rowCount: 2 } };
}

const setItem = (item: string) => item.replace(/\s+/g, '').toLowerCase();

/** svc-content's quiz grading, in short: the verdict only, never the answer. */
function gradeQuiz(quiz: Quiz, answer: unknown): Verdict | 'bad shape' {
  if (quiz.type === 'choice') {
    if (!Array.isArray(answer) || !answer.every((item) => Number.isInteger(item))) return 'bad shape';
    const wrong = (answer as number[]).filter((index) => !quiz.correct.includes(index)).length + quiz.correct.filter((index) => !(answer as number[]).includes(index)).length;
    return wrong === 0 ? { passed: true, message: 'Passed: your answer is right.' } : { passed: false, message: `Not quite: ${wrong} of your choices ${wrong === 1 ? 'is' : 'are'} wrong.` };
  }
  if (quiz.type === 'number') {
    if (typeof answer !== 'number') return 'bad shape';
    return Math.abs(answer - quiz.answer) <= quiz.tolerance ? { passed: true, message: 'Passed: your answer is right.' } : { passed: false, message: 'Not quite: that number is not the answer.' };
  }
  if (!Array.isArray(answer) || !answer.every((item) => typeof item === 'string')) return 'bad shape';
  const given = new Set((answer as string[]).map(setItem));
  const expected = new Set(quiz.answer.map(setItem));
  const same = given.size === expected.size && [...given].every((item) => expected.has(item));
  return same ? { passed: true, message: 'Passed: your answer is right.' } : { passed: false, message: 'Not quite: your set is not the expected one.' };
}

/** The solution in words, as svc-content gives it once revealed. */
function solutionOf(check: CheckBody): string {
  if (check.kind === 'mongo') return check.referenceQuery;
  if (check.kind !== 'quiz') return check.referenceSql;
  const { quiz } = check;
  if (quiz.type === 'choice') return quiz.correct.map((index) => quiz.options[index]).join('; ');
  return quiz.type === 'number' ? `${quiz.answer} (± ${quiz.tolerance})` : quiz.answer.join(', ');
}

/** A check as learners get it (never the reference or the answer). */
function learnerCheck(_id: string, check: CheckBody): LearnerCheck {
  const base = { _id, kind: check.kind, task: check.task, hintCount: check.hints.length };
  if (check.kind !== 'quiz') return base;
  return check.quiz.type === 'choice' ? { ...base, quizType: 'choice', options: check.quiz.options, multiple: check.quiz.correct.length > 1 } : { ...base, quizType: check.quiz.type };
}

/** The fake's refusals of a check on save, worded like svc-content's (a text naming "nope" or "practice_only" fails there). */
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
  if (check.kind === 'quiz' && check.quiz.type === 'choice') {
    const { options, correct } = check.quiz;
    const outside = correct.find((index) => index >= options.length);
    if (outside !== undefined) return `The quiz's correct option ${outside + 1} is not one of its ${options.length} options.`;
  }
  return null;
}

/** What a check's answer is, besides its wording, hints and explanation: a change of it is a new check id. */
function answerOf(check: CheckBody): string {
  const { task: _task, hints: _hints, explanation: _explanation, ...answer } = check;
  return JSON.stringify(answer);
}

export function course(n: number, overrides: Partial<Course> = {}): Course {
  return { _id: oid(n), topic: 'sql', name: `Course number ${n}`, teacher: `Teacher ${n}`, length: `${n} hours`, tutorials: [], projects: [], ...overrides };
}

const notFound = () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not found.' }, 404);

/**
 * An in-memory stand-in for the gateway's content and progress calls (CONTRACT shapes), for
 * component tests only: the browser suite runs against the real one.
 */
export function fakeGateway(data: FakeData) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    // A POST without a body (revealing a solution) has none to read.
    const body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
    let match: RegExpExecArray | null;
    if (data.contentDown && !path.startsWith('/users')) {
      return jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The content service did not answer in time.' }, 503);
    }

    if (path === '/course' && request.method === 'GET') {
      const topic = url.searchParams.get('topic');
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      const all = data.courses.filter((item) => !topic || item.topic === topic);
      return jsonResponse(all.slice((page - 1) * size, page * size), 200, { 'X-Total-Count': String(all.length) });
    }
    if ((match = /^\/course\/sandbox\/([^/]+)$/.exec(path))) {
      const courseId = match[1]!;
      const sandboxes = (data.sandboxes ??= {});
      // Admins' answer (the fake serves both): the hidden variant, null when derived.
      if (request.method === 'GET')
        return sandboxes[courseId] ? jsonResponse({ hiddenSource: null, ...sandboxes[courseId] }) : jsonResponse({ statusCode: 404, error: 'Not Found', message: 'This course has no sandbox.' }, 404);
      // svc-content runs the script on an empty database; here a script naming "nowhere" fails on its line.
      const sandbox = body as unknown as Sandbox;
      const failing = sandbox.source.split('\n').findIndex((line) => /nowhere/.test(line));
      if (failing >= 0) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: `The sandbox script does not run: Line ${failing + 1}: no such table: nowhere` }, 400);
      const hidden = (body as { hiddenSource?: string }).hiddenSource;
      const hiddenFailing = hidden?.split('\n').findIndex((line) => /nowhere/.test(line)) ?? -1;
      if (hiddenFailing >= 0) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: `The hidden variant does not run: Line ${hiddenFailing + 1}: no such table: nowhere` }, 400);
      sandboxes[courseId] = { kind: sandbox.kind, source: sandbox.source, ...(hidden === undefined ? {} : { hiddenSource: hidden }) };
      const found = data.courses.find((item) => item._id === courseId);
      return found ? jsonResponse(found) : notFound();
    }
    if ((match = /^\/course\/([^/]+)$/.exec(path))) {
      const index = data.courses.findIndex((item) => item._id === match![1]);
      if (index < 0) return notFound();
      if (request.method === 'DELETE') return jsonResponse(data.courses.splice(index, 1)[0]);
      if (request.method === 'PUT') data.courses[index] = { ...data.courses[index]!, ...(body as Partial<Course>) };
      return jsonResponse(data.courses[index]);
    }
    if (path === '/course' && request.method === 'POST') {
      const created = course(data.courses.length + 100, body as Partial<Course>);
      data.courses.push(created);
      return jsonResponse(created, 201);
    }
    if ((match = /^\/tutorial\/([^/]+)$/.exec(path))) {
      const tutorial = data.tutorials.find((item) => item._id === match![1]);
      return tutorial ? jsonResponse(tutorial) : notFound();
    }
    if ((match = /^\/project\/content\/([^/]+)$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      if (!project) return notFound();
      project.contents = project.contents.filter((block) => block._id !== body!.id);
      return jsonResponse(project);
    }
    const storedCheck = (checkId: string): CheckBody | undefined => {
      const task = data.projects.flatMap((project) => project.checks).find((check) => check._id === checkId)?.task ?? '';
      return data.stored?.[checkId] ?? (data.references?.[checkId] !== undefined ? { kind: 'query', task, referenceSql: data.references[checkId], hints: [], explanation: '' } : undefined);
    };
    const hintsNow = (checkId: string) => storedCheck(checkId)?.hints.slice(0, data.failures?.[checkId] ?? 0) ?? [];
    if ((match = /^\/project\/([^/]+)\/passes$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      if (!project) return notFound();
      const ids = project.checks.map((check) => check._id);
      return jsonResponse({
        passed: ids.filter((id) => data.passes?.includes(id)),
        solutionShown: ids.filter((id) => data.solutionShown?.includes(id)),
        hints: Object.fromEntries(ids.filter((id) => hintsNow(id).length > 0).map((id) => [id, hintsNow(id)])),
        failures: Object.fromEntries(ids.filter((id) => data.failures?.[id]).map((id) => [id, data.failures![id]])),
      });
    }
    if ((match = /^\/project\/([^/]+)\/checks\/([^/]+)\/solution$/.exec(path))) {
      const check = storedCheck(match[2]!);
      if (!check) return notFound();
      const failures = data.failures?.[match[2]!] ?? 0;
      if (failures < SOLUTION_AFTER && !data.passes?.includes(match[2]!)) return jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Try this check 3 times before revealing its solution.' }, 403);
      // Like svc-content: only a reveal before the pass is recorded.
      if (!data.passes?.includes(match[2]!)) data.solutionShown = [...new Set([...(data.solutionShown ?? []), match[2]!])];
      return jsonResponse({ solution: solutionOf(check), explanation: check.explanation });
    }
    if ((match = /^\/project\/([^/]+)\/attempts$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      (data.attempts ??= []).push(body!);
      const { checkId, ...given } = body as { checkId: string; sql?: string; query?: string; answer?: unknown };
      const check = storedCheck(checkId);
      if (!project?.checks.some((item) => item._id === checkId) || !check) return notFound();
      const badShape = () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: `This check takes ${check.kind === 'quiz' ? 'an answer' : check.kind === 'mongo' ? 'a query' : 'SQL'}.` }, 400);
      let result: Verdict | 'bad shape';
      if (check.kind === 'quiz') result = 'answer' in given ? gradeQuiz(check.quiz, given.answer) : 'bad shape';
      else if (check.kind === 'mongo') result = typeof given.query === 'string' ? gradeQuery(check.referenceQuery, given.query) : 'bad shape';
      else result = typeof given.sql === 'string' ? gradeQuery(check.referenceSql, given.sql) : 'bad shape';
      if (result === 'bad shape') return badShape();
      if (result.passed) data.passes = [...(data.passes ?? []), checkId];
      else data.failures = { ...data.failures, [checkId]: (data.failures?.[checkId] ?? 0) + 1 };
      const failures = data.failures?.[checkId] ?? 0;
      return jsonResponse({ ...result, hints: hintsNow(checkId), failures, solutionAvailable: result.passed || failures >= SOLUTION_AFTER });
    }
    if ((match = /^\/project\/(check|deleteCheck|updateCheck)\/([^/]+)$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![2]);
      if (!project) return notFound();
      const stored = (data.stored ??= {});
      if (request.method === 'GET') return jsonResponse({ checks: project.checks.map((check) => ({ ...storedCheck(check._id)!, _id: check._id })) });
      if (match[1] === 'deleteCheck') {
        project.checks = project.checks.filter((check) => check._id !== body!.id);
        return jsonResponse(project);
      }
      const { id: editedId, ...check } = body as CheckBody & { id?: string };
      const at = project.checks.findIndex((item) => item._id === editedId);
      if (match[1] === 'updateCheck' && at < 0) return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Check not found.' }, 404);
      const refusal = refusalOf(check);
      if (refusal) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: refusal }, 400);
      // Like svc-content: a new reference or answer is a new check id (old passes stop counting), a new wording is not.
      const before = at >= 0 ? storedCheck(editedId!) : undefined;
      const id = before && answerOf(before) === answerOf(check) ? editedId! : oid(700 + Object.keys(stored).length + Object.keys(data.references ?? {}).length);
      stored[id] = check;
      if (at >= 0) project.checks[at] = learnerCheck(id, check);
      else project.checks.push(learnerCheck(id, check));
      return jsonResponse(project);
    }
    if (path === '/project' && request.method === 'POST') {
      const { title, difficulty, courseId } = body as { title: string; difficulty: Project['difficulty']; courseId: string };
      const created: Project = { _id: oid(500 + data.projects.length), title, difficulty, courseId, contents: [], checks: [] };
      data.projects.push(created);
      data.courses.find((item) => item._id === courseId)?.projects.push({ _id: created._id, title, difficulty });
      return jsonResponse(created, 201);
    }
    if ((match = /^\/project\/([^/]+)$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      if (!project) return notFound();
      if (request.method === 'PUT') {
        const { title, difficulty, content } = body as { title: string; difficulty: Project['difficulty']; content?: { header?: string; detail?: string } };
        Object.assign(project, { title, difficulty });
        if (content) project.contents.push({ _id: oid(600 + project.contents.length), header: content.header ?? '', detail: content.detail ?? '' });
      }
      return jsonResponse(project);
    }
    if ((match = /^\/users\/(project|tutorial)\/([^/]+)$/.exec(path))) {
      const id = String(body!.id);
      if (match[1] === 'tutorial') {
        if (!data.me.readTutorial.some((entry) => entry._id === id)) data.me.readTutorial.push({ _id: id, courseId: oid(1) });
      } else if (request.method === 'POST') {
        const project = data.projects.find((item) => item._id === id);
        if (!project) return notFound();
        const left = project.checks.filter((check) => !data.passes?.includes(check._id));
        if (left.length > 0) return jsonResponse({ statusCode: 409, error: 'Conflict', message: `Pass every check of this project before finishing it: ${left.length} checks are left.` }, 409);
        if (!data.me.finishedProject.some((entry) => entry._id === id)) data.me.finishedProject.push({ _id: id, title: project.title, difficulty: project.difficulty, courseId: project.courseId });
      } else {
        data.me.finishedProject = data.me.finishedProject.filter((entry) => entry._id !== id);
      }
      return jsonResponse(data.me);
    }
    if (path === '/users/me') return jsonResponse(data.me);
    return notFound();
  };
}
