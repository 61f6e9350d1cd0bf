import { AUTH_HEADER, CHECK_NOT_FOUND_MESSAGE, type Project, ROUTES } from '@dblearn/contracts';
import { type NatsCaller, routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { checked, type TestGateway } from './support/gateway.js';
import { startUsersAndContent, type UsersAndContent } from './support/users-and-content.js';

/*
 * Issue 34, "what each check teaches", through the gateway: admins only (401 visitor, 403 learner),
 * the list's sort rules (400 naming the allowed values) and X-Total-Count, one check's figures; the
 * real svc-users and svc-content as child processes, real FerretDB and NATS.
 */

let stand: UsersAndContent;
let gateway: TestGateway;
let content: NatsCaller;
let admin: string;
let learner: string;
let projectId: string;
let checkId: string;

const ADMIN = { email: 'admin@analysis.dblearn.test', password: 'analysis-admin-password' };
const unknownId = '6560f0c2a1b2c3d4e5f60718';
const api = () => request(gateway.server);
const get = (path: string, token?: string) => checked(token ? api().get(`/api${path}`).set(AUTH_HEADER, token) : api().get(`/api${path}`));

beforeAll(async () => {
  stand = await startUsersAndContent('gateway_check_analysis', ADMIN);
  ({ gateway, content } = stand);
  admin = (await checked(api().post('/api/auth').send(ADMIN))).text;
  const signedUp = await checked(api().post('/api/users').send({ email: `analysis.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' }));
  learner = String(signedUp.headers[AUTH_HEADER]);
  const courseId = (await content.send<{ _id: string }>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Shop queries', teacher: 'Ada Lovelace', length: '3 hours' } })))._id;
  await content.send(...routeCall(ROUTES.courses.putSandbox, { params: { courseId }, body: { kind: 'sql', source: 'CREATE TABLE product (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO product VALUES (1, \'Pen\');' } }), 20_000);
  projectId = (await content.send<{ _id: string }>(...routeCall(ROUTES.projects.create, { body: { title: 'Price list', difficulty: 'beginner', courseId } })))._id;
  const project = await content.send<Project>(...routeCall(ROUTES.projects.addCheck, { params: { projectId }, body: { task: 'List every product name.', referenceSql: 'SELECT name FROM product', hints: ['One table.'] } }), 20_000);
  checkId = project.checks[0]!._id;
}, 90_000);

afterAll(() => stand?.close());

describe('GET /api/checks/analysis', () => {
  it('answers 401 without a token and 403 to a learner, for the list and for one check', async () => {
    expect((await get('/checks/analysis')).status).toBe(401);
    expect((await get('/checks/analysis', learner)).status).toBe(403);
    expect((await get(`/checks/analysis/${projectId}/${checkId}`)).status).toBe(401);
    expect((await get(`/checks/analysis/${projectId}/${checkId}`, learner)).status).toBe(403);
  });

  it('pages the list for an admin with X-Total-Count, and refuses an unknown sort naming the allowed ones', async () => {
    const listed = await get('/checks/analysis?sort=passRate&order=asc&page=1&pageSize=10', admin);
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.body)).toBe(true);
    expect(listed.headers['x-total-count']).toBe(String(listed.body.length));
    const unknown = await get('/checks/analysis?sort=hardest', admin);
    expect([unknown.status, unknown.body.message]).toEqual([400, ['sort must be one of: tried, passRate, medianAttempts, reveals.']]);
    expect((await get('/checks/analysis?order=sideways', admin)).status).toBe(400);
    expect((await get('/checks/analysis?pageSize=500', admin)).status).toBe(400);
  });

  it('answers one check’s figures (zeros before any attempt), 404 for a check the project lacks, 400 for a malformed id', async () => {
    const found = await get(`/checks/analysis/${projectId}/${checkId}`, admin);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ checkId, projectId, projectTitle: 'Price list', courseName: 'Shop queries', tried: 0, passRate: null, hintCount: 1, hintsUnlocked: [0], wrongAnswers: [] });
    const missing = await get(`/checks/analysis/${projectId}/${unknownId}`, admin);
    expect([missing.status, missing.body.message]).toEqual([404, CHECK_NOT_FOUND_MESSAGE]);
    expect((await get(`/checks/analysis/${projectId}/not-an-id`, admin)).status).toBe(400);
  });
});
