import { jsonResponse } from '@dblearn/web/testing';
import { statementLine, type AttemptResult, type Sandbox } from '@dblearn/contracts';
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
  /** Reference query of each check by check id (svc-content keeps them; learners never get them). */
  references?: Record<string, string>;
  /** The learner's passed check ids. */
  passes?: string[];
  /** Each course's practice database by course id (none: GET answers 404). */
  sandboxes?: Record<string, Sandbox>;
}

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

function gradeAttempt(reference: string, sql: string): AttemptResult {
  if (sameQuery(reference, sql)) return { passed: true, message: 'Passed: your result matches.', columns: ['name'], rows: [['Ada']], rowCount: 1 };
  if (/nowhere/.test(sql)) return { passed: false, message: `Line ${lineOfStatementWith(sql, 'nowhere')}: no such table: nowhere` };
  return { passed: false, message: 'Row 2 differs.', columns: ['name'], rows: [['Ada'], ['Bob']], rowCount: 2, expected: { columns: ['name'], rows: [['Ada'], ['Edgar']], rowCount: 2 } };
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
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : ((await request.json()) as Record<string, unknown>);
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
      if (request.method === 'GET') return sandboxes[courseId] ? jsonResponse(sandboxes[courseId]) : jsonResponse({ statusCode: 404, error: 'Not Found', message: 'This course has no sandbox.' }, 404);
      // svc-content runs the script on an empty database; here a script naming "nowhere" fails on its line.
      const sandbox = body as unknown as Sandbox;
      const failing = sandbox.source.split('\n').findIndex((line) => /nowhere/.test(line));
      if (failing >= 0) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: `The sandbox script does not run: Line ${failing + 1}: no such table: nowhere` }, 400);
      sandboxes[courseId] = { kind: sandbox.kind, source: sandbox.source };
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
    if ((match = /^\/project\/([^/]+)\/passes$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      if (!project) return notFound();
      return jsonResponse({ passed: project.checks.map((check) => check._id).filter((id) => data.passes?.includes(id)) });
    }
    if ((match = /^\/project\/([^/]+)\/attempts$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![1]);
      const { checkId, sql } = body as { checkId: string; sql: string };
      if (!project?.checks.some((check) => check._id === checkId)) return notFound();
      const result = gradeAttempt(data.references?.[checkId] ?? '', sql);
      if (result.passed) data.passes = [...(data.passes ?? []), checkId];
      return jsonResponse(result);
    }
    if ((match = /^\/project\/(check|deleteCheck|updateCheck)\/([^/]+)$/.exec(path))) {
      const project = data.projects.find((item) => item._id === match![2]);
      if (!project) return notFound();
      const references = (data.references ??= {});
      if (request.method === 'GET') return jsonResponse({ checks: project.checks.map((check) => ({ ...check, referenceSql: references[check._id] ?? '' })) });
      if (match[1] === 'deleteCheck') {
        project.checks = project.checks.filter((check) => check._id !== body!.id);
        return jsonResponse(project);
      }
      const { id: editedId, task, referenceSql } = body as { id?: string; task: string; referenceSql: string };
      const at = project.checks.findIndex((check) => check._id === editedId);
      if (match[1] === 'updateCheck' && at < 0) return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Check not found.' }, 404);
      if (/nope/.test(referenceSql)) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: `The reference query does not run on the course's sandbox: Line ${lineOfStatementWith(referenceSql, 'nope')}: no such column: nope` }, 400);
      // Like svc-content: a new reference is a new check id (old passes stop counting), a new wording is not.
      const id = at >= 0 && references[editedId!] === referenceSql ? editedId! : oid(700 + Object.keys(references).length);
      references[id] = referenceSql;
      if (at >= 0) project.checks[at] = { _id: id, task };
      else project.checks.push({ _id: id, task });
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
