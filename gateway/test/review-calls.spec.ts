import { AUTH_HEADER, type ReviewDeck, ROUTES } from '@dblearn/contracts';
import { routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, eventually, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * CONTRACT "Users", the review deck (issue 34), end to end: the gateway in process, the real
 * svc-users and svc-content as child processes, real FerretDB and NATS. A question deleted in
 * svc-content leaves the deck through its event; with svc-users down a grade is 503 and stores nothing.
 */

let stand: UsersAndContent;
let gateway: TestGateway;
let counter = 0;

const api = () => request(gateway.server);
const unknownId = '6560f0c2a1b2c3d4e5f60718';

async function learner(): Promise<string> {
  counter += 1;
  const response = await checked(api().post('/api/users').send({ email: `review${counter}.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  expect(response.status).toBe(201);
  return String(response.headers[AUTH_HEADER]);
}

async function question(text: string): Promise<string> {
  return (await stand.content.send<{ _id: string }>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: text, answer: 'An answer.' } })))._id;
}

const deck = async (token: string) => (await checked(api().get('/api/users/me/review').set(AUTH_HEADER, token))).body as ReviewDeck;
const add = (token: string, id: string) => checked(api().post('/api/users/me/review').set(AUTH_HEADER, token).send({ id }));
const grade = (token: string, body: object) => checked(api().post('/api/users/me/review/grade').set(AUTH_HEADER, token).send(body));
const remove = (token: string, id: string) => checked(api().delete(`/api/users/me/review/${id}`).set(AUTH_HEADER, token));

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_review', { email: 'admin@review.dblearn.test', password: 'review-admin-password' });
  ({ gateway } = stand);
}, 90_000);

afterAll(() => stand?.close());

describe('the review deck through the gateway', () => {
  it('adds, saves and grades; a grade posted twice counts once; a deleted question leaves the deck', async () => {
    const token = await learner();
    const [added, saved] = [await question('What is a view?'), await question('What is a trigger?')];
    expect((await add(token, added)).body).toMatchObject({ dueCount: 1, total: 1 });
    const me = (await checked(api().get('/api/users/me').set(AUTH_HEADER, token))).body as { _id: string };
    expect((await checked(api().post(`/api/users/interview/${me._id}`).set(AUTH_HEADER, token).send({ id: saved }))).status).toBe(200);
    const before = await deck(token);
    expect(before).toMatchObject({ dueCount: 2, total: 2 });
    expect(before.due.map((card) => card._id).sort()).toEqual([added, saved].sort());

    const review = { id: added, grade: 'good', version: 0 };
    const [first, second] = await Promise.all([grade(token, review), grade(token, review)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ dueCount: 1, total: 2, due: [expect.objectContaining({ _id: saved, version: 0 })] });

    await stand.content.send(...routeCall(ROUTES.interview.delete, { params: { id: saved } }));
    await eventually(async () => (await deck(token)).total === 1, 30_000, 'the deleted question leaves the deck');
    expect(await deck(token)).toEqual({ due: [], dueCount: 0, total: 1, streak: 1 });
  });

  it('removes a card idempotently; a malformed id is 400 and a visitor 401, both changing nothing', async () => {
    const token = await learner();
    const [kept, dropped] = [await question('What is a heap file?'), await question('What is a B+ tree?')];
    await add(token, kept);
    await add(token, dropped);
    const removed = await remove(token, dropped);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ dueCount: 1, total: 1, due: [expect.objectContaining({ _id: kept })] });
    expect((await remove(token, dropped)).body).toEqual(removed.body);
    expect((await remove(token, 'not-an-id')).status).toBe(400);
    expect((await checked(api().delete(`/api/users/me/review/${kept}`))).status).toBe(401);
    expect(await deck(token)).toMatchObject({ total: 1 });
  });

  it('refuses a grade other than the four with 400 naming them; an unknown question is 404; a visitor 401', async () => {
    const token = await learner();
    const id = await question('What is a cursor?');
    await add(token, id);
    const refused = await grade(token, { id, grade: 'perfect', version: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(['Grade must be one of: again, hard, good, easy.']);
    expect((await grade(token, { id: unknownId, grade: 'good', version: 0 })).status).toBe(404);
    expect((await add(token, unknownId)).body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Interview question not found.' });
    expect((await checked(api().get('/api/users/me/review'))).status).toBe(401);
    expect(await deck(token)).toMatchObject({ dueCount: 1, total: 1 });
  });

  it('answers 503 while svc-users is down and stores nothing; the deck survives the restart', async () => {
    const token = await learner();
    const id = await question('What is a schema?');
    await add(token, id);
    await stand.svcUsers.stop();
    try {
      const refused = await grade(token, { id, grade: 'easy', version: 0 });
      expect(refused.status).toBe(503);
    } finally {
      stand.svcUsers.start();
    }
    await eventually(async () => (await api().get('/api/users/me/review').set(AUTH_HEADER, token)).status === 200, 60_000, 'svc-users is back');
    expect(await deck(token)).toMatchObject({ dueCount: 1, total: 1, due: [expect.objectContaining({ _id: id, version: 0 })] });
  });
});
