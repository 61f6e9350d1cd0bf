import { AUTH_HEADER, ROUTES, type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { natsConnectionOptions } from '@dblearn/nest-common';
import { connect } from '@nats-io/transport-node';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, eventually, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * CONTRACT "Users", the progress calls, end to end: the gateway in process, the real svc-users and
 * svc-content as child processes, each on the bus as its own user, real FerretDB and NATS. The
 * authorization matrix (visitor, the learner, another learner, an admin) × every call.
 */

let stand: UsersAndContent;
let gateway: TestGateway;
let content: NatsCaller;
let counter = 0;

const api = () => request(gateway.server);
const unknownId = '6560f0c2a1b2c3d4e5f60718';

interface Learner {
  user: TokenClaims;
  token: string;
}

async function register(): Promise<Learner> {
  counter += 1;
  const response = await checked(api().post('/api/users').send({ email: `progress${counter}.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  expect(response.status).toBe(201);
  return { user: response.body as TokenClaims, token: String(response.headers[AUTH_HEADER]) };
}

/** Admin rights come from the account (issue 6), so the admin is svc-users' ADMIN_EMAIL account, signed in. */
const ADMIN = { email: 'admin@progress.dblearn.test', password: 'progress-admin-password' };
async function adminToken(): Promise<string> {
  const response = await checked(api().post('/api/auth').send(ADMIN));
  expect(response.status).toBe(200);
  return response.text;
}

const me = async (token: string) => (await checked(api().get('/api/users/me').set(AUTH_HEADER, token))).body as UserProfile;

interface Targets {
  projectId: string;
  questionId: string;
  tutorialId: string;
  courseId: string;
}
let targets: Targets;

/** Every progress call: method, path prefix, the entity it names, and how to see it in the profile. */
const CALLS = [
  { name: 'POST /users/project', method: 'post', path: 'project', id: () => targets.projectId, holds: (p: UserProfile) => p.finishedProject.length === 1 },
  { name: 'PUT /users/project', method: 'put', path: 'project', id: () => targets.projectId, holds: (p: UserProfile) => p.finishedProject.length === 0 },
  { name: 'POST /users/interview', method: 'post', path: 'interview', id: () => targets.questionId, holds: (p: UserProfile) => p.savedQuestion.length === 1 },
  { name: 'PUT /users/interview', method: 'put', path: 'interview', id: () => targets.questionId, holds: (p: UserProfile) => p.savedQuestion.length === 0 },
  { name: 'POST /users/tutorial', method: 'post', path: 'tutorial', id: () => targets.tutorialId, holds: (p: UserProfile) => p.readTutorial.length === 1 },
] as const;

function send(method: 'post' | 'put', path: string, userId: string, body: unknown, token?: string) {
  const call = api()[method](`/api/users/${path}/${userId}`).send(body as object);
  return checked(token ? call.set(AUTH_HEADER, token) : call);
}

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_progress', ADMIN);
  ({ gateway, content } = stand);
  const course = await content.send<{ _id: string }>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Joins in practice', teacher: 'Ada Lovelace', length: '3 hours' } }));
  const project = await content.send<{ _id: string }>(...routeCall(ROUTES.projects.create, { body: { title: 'Library schema', difficulty: 'beginner', courseId: course._id } }));
  const tutorial = await content.send<{ _id: string }>(...routeCall(ROUTES.tutorials.create, { body: { title: 'INNER JOIN', courseId: course._id } }));
  const question = await content.send<{ _id: string }>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'What is a LEFT JOIN?', answer: 'All left rows.' } }));
  targets = { projectId: project._id, questionId: question._id, tutorialId: tutorial._id, courseId: course._id };
}, 90_000);

afterAll(() => stand?.close());

describe('the progress calls through the gateway', () => {
  it('finish, save and read answer 200 with the whole updated profile, as /users/me shows it', async () => {
    const { user, token } = await register();
    await send('post', 'project', user._id, { id: targets.projectId }, token);
    await send('post', 'interview', user._id, { id: targets.questionId }, token);
    const response = await send('post', 'tutorial', user._id, { id: targets.tutorialId }, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...user,
      finishedProject: [{ _id: targets.projectId, title: 'Library schema', difficulty: 'beginner', courseId: targets.courseId }],
      savedQuestion: [{ _id: targets.questionId, topic: 'sql', question: 'What is a LEFT JOIN?', answer: 'All left rows.' }],
      readTutorial: [{ _id: targets.tutorialId, courseId: targets.courseId }],
      // A profile carries the lab engine (issue 32): PostgreSQL until the learner chooses.
      labEngine: 'postgres',
    });
    expect(await me(token)).toEqual(response.body);
  });

  it("keeps the caller's profile in the gateway: svc-users is not asked again, and every change is read at once (issue 20)", async () => {
    const nc = await connect(natsConnectionOptions(stand.infra.natsUrl));
    const asked: string[] = [];
    // A plain subscriber gets a copy of every profile read the gateway sends svc-users.
    nc.subscribe(USERS_PATTERNS.findProfile, { callback: (_error, message) => void asked.push(message.string()) });
    await nc.flush();
    try {
      const { user, token } = await register();
      const askedFor = () => asked.filter((body) => body.includes(user._id)).length;
      // Once kept (the relay's clearing of the sign-up's event is a write too, which drops it once),
      // more reads ask svc-users nothing.
      await eventually(async () => {
        const before = askedFor();
        await me(token);
        return askedFor() === before;
      }, 5_000, "the gateway keeps the caller's profile");
      const asks = askedFor();
      for (let i = 0; i < 4; i += 1) expect((await me(token))._id).toBe(user._id);
      expect(askedFor()).toBe(asks);
      expect(asks).toBeLessThanOrEqual(3);

      // The caller's own write: the very next read has it.
      await send('post', 'interview', user._id, { id: targets.questionId }, token);
      expect((await me(token)).savedQuestion).toEqual([expect.objectContaining({ _id: targets.questionId, question: 'What is a LEFT JOIN?' })]);
      // A change svc-users makes on its own (its copy of the saved question follows svc-content's event).
      await content.send(...routeCall(ROUTES.interview.update, { params: { id: targets.questionId }, body: { topic: 'sql', question: 'What does a LEFT JOIN keep?', answer: 'All left rows.' } }));
      await eventually(async () => (await me(token)).savedQuestion[0]?.question === 'What does a LEFT JOIN keep?', 10_000, "the gateway drops the caller's kept profile");
      await send('put', 'interview', user._id, { id: targets.questionId }, token);
      expect((await me(token)).savedQuestion).toEqual([]);
    } finally {
      await nc.close();
    }
  });

  describe.each(CALLS)('$name/{userId}', ({ method, path, id, holds }) => {
    it('answers 401 to a visitor', async () => {
      const { user } = await register();
      const response = await send(method, path, user._id, { id: id() });
      expect(response.status).toBe(401);
    });

    it('lets a learner change their own list, idempotently', async () => {
      const { user, token } = await register();
      if (method === 'put') await send('post', path, user._id, { id: id() }, token);
      const first = await send(method, path, user._id, { id: id() }, token);
      const second = await send(method, path, user._id, { id: id() }, token);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(holds(second.body as UserProfile)).toBe(true);
      expect(second.body).toEqual(first.body);
    });

    it("answers 403 to a learner naming another user's id, and changes nothing", async () => {
      const owner = await register();
      const other = await register();
      if (method === 'put') await send('post', path, owner.user._id, { id: id() }, owner.token);
      const before = await me(owner.token);
      const response = await send(method, path, owner.user._id, { id: id() }, other.token);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'You can only change your own progress.' });
      expect(await me(owner.token)).toEqual(before);
    });

    it("lets an admin change anyone's list", async () => {
      const owner = await register();
      if (method === 'put') await send('post', path, owner.user._id, { id: id() }, owner.token);
      const response = await send(method, path, owner.user._id, { id: id() }, await adminToken());
      expect(response.status).toBe(200);
      expect(holds(response.body as UserProfile)).toBe(true);
      expect(await me(owner.token)).toEqual(response.body);
    });

    it('answers 400 for a malformed user id, a malformed or missing id, an operator object or an extra field', async () => {
      const { user, token } = await register();
      const cases: Array<[string, unknown, string]> = [
        ['not-an-id', { id: id() }, 'userId must be a valid id.'],
        [user._id, { id: 'abc' }, 'id must be a valid id.'],
        [user._id, {}, 'id must be a valid id.'],
        [user._id, { id: { $ne: null } }, 'id must be a valid id.'],
        [user._id, { id: id(), userId: unknownId }, 'The field "userId" is not allowed.'],
      ];
      for (const [userId, body, message] of cases) {
        const response = await send(method, path, userId, body, token);
        expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message: [message] });
      }
      expect(await me(token)).toMatchObject({ finishedProject: [], savedQuestion: [], readTutorial: [] });
    });
  });

  it('answers 404 for a project, question or tutorial that does not exist, and for an unknown user (admin)', async () => {
    const { user, token } = await register();
    const expectations: Array<[string, string]> = [
      ['project', 'Project not found.'],
      ['interview', 'Interview question not found.'],
      ['tutorial', 'Tutorial not found.'],
    ];
    for (const [path, message] of expectations) {
      const response = await send('post', path, user._id, { id: unknownId }, token);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message });
    }
    const response = await send('post', 'project', unknownId, { id: targets.projectId }, await adminToken());
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('User not found.');
  });
});
