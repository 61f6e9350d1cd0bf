// The handlers' canned answers, parsed by the contract's zod shapes: a drift from the server fails here.
import { PROJECT_NOT_FOUND_MESSAGE, SANDBOX_NOT_FOUND_MESSAGE, SOLUTION_LOCKED_MESSAGE, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { PASSED_MESSAGE } from '@dblearn/lab';
import {
  AttemptResultAnswer,
  CheckPassesAnswer,
  CheckSolutionAnswer,
  CourseAnswer,
  ErrorEnvelopeAnswer,
  ProjectAnswer,
  SandboxAnswer,
  StoredChecksAnswer,
  TutorialAnswer,
  UserProfileAnswer,
} from '@dblearn/contracts/answers';
import { LEARNER } from '@dblearn/web/testing';
import { server } from '@dblearn/web/testing/msw-node';
import { aloneStore, oid } from '../testing/data.js';
import { catalogHandlers } from '../testing/handlers.js';

const send = async (method: string, path: string, body?: unknown) => {
  const answer = await fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as unknown };
};

describe('the catalogue handlers', () => {
  it('answer the reads, an attempt, a solution and the learner’s progress with the contract’s shapes', async () => {
    const store = aloneStore();
    server.use(...catalogHandlers(store));
    const [course] = store.courses;
    const [project] = store.projects;
    const check = project!.checks[0]!;
    const stored = store.stored![check._id]!;
    const reference = stored.kind === 'query' ? stored.referenceSql : '';
    const list = await send('GET', '/api/course?page=1&pageSize=6');
    expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe(String(store.courses.length));
    expect(CourseAnswer.array().parse(list.body)).toEqual(store.courses);
    expect(CourseAnswer.parse((await send('GET', `/api/course/${course!._id}`)).body)).toEqual(course);
    SandboxAnswer.parse((await send('GET', `/api/course/sandbox/${course!._id}`)).body);
    TutorialAnswer.parse((await send('GET', `/api/tutorial/${store.tutorials[0]!._id}`)).body);
    expect(ProjectAnswer.parse((await send('GET', `/api/project/${project!._id}`)).body)).toEqual(project);
    StoredChecksAnswer.parse((await send('GET', `/api/project/check/${project!._id}`)).body);

    const wrong = AttemptResultAnswer.parse((await send('POST', `/api/project/${project!._id}/attempts`, { checkId: check._id, sql: 'SELECT name FROM member' })).body);
    expect(wrong).toMatchObject({ passed: false, failures: 1, solutionAvailable: false });
    expect(CheckPassesAnswer.parse((await send('GET', `/api/project/${project!._id}/passes`)).body).failures).toEqual({ [check._id]: 1 });
    const locked = await send('POST', `/api/project/${project!._id}/checks/${check._id}/solution`);
    expect([locked.status, ErrorEnvelopeAnswer.parse(locked.body).message]).toEqual([403, SOLUTION_LOCKED_MESSAGE]);
    const right = AttemptResultAnswer.parse((await send('POST', `/api/project/${project!._id}/attempts`, { checkId: check._id, sql: `${reference};` })).body);
    expect(right).toMatchObject({ passed: true, message: PASSED_MESSAGE, solutionAvailable: true });
    CheckSolutionAnswer.parse((await send('POST', `/api/project/${project!._id}/checks/${check._id}/solution`)).body);

    UserProfileAnswer.parse((await send('GET', '/api/users/me')).body);
    UserProfileAnswer.parse((await send('POST', `/api/users/tutorial/${LEARNER._id}`, { id: store.tutorials[0]!._id })).body);
    const finished = UserProfileAnswer.parse((await send('POST', `/api/users/project/${LEARNER._id}`, { id: project!._id })).body);
    expect(finished.finishedProject.map((entry) => entry._id)).toEqual([project!._id]);
  });

  it('refuse with the error envelope, the contract’s status and the server’s sentence', async () => {
    server.use(...catalogHandlers({ ...aloneStore(), sandboxes: {} }));
    for (const [path, status, message] of [
      [`/api/course/sandbox/${oid(1)}`, 404, SANDBOX_NOT_FOUND_MESSAGE],
      [`/api/project/${oid(999)}`, 404, PROJECT_NOT_FOUND_MESSAGE],
    ] as const) {
      const answer = await send('GET', path);
      expect(answer.status).toBe(status);
      expect(ErrorEnvelopeAnswer.parse(answer.body)).toEqual({ statusCode: status, error: 'Not Found', message });
    }
  });
});
