import { AUTH_HEADER, type PublicUser, routeParams } from '@dblearn/contracts';
import { ReviewDeckAnswer } from '@dblearn/contracts/answers';
import { IdDto } from '@dblearn/contracts/dto';
import type { ForwardedRoute } from '@dblearn/contracts/route-shapes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import request from 'supertest';
import type { AdminRoster } from '../auth/admin-roster.js';
import { signedTestApp } from '../../test/support/signed-app.js';
import type { TokenService } from '../auth/token.service.js';
import { createValidationPipe } from '../common/pipes/validation.pipe.js';
import { ServiceClients } from '../services/service-clients.js';
import { forwardingControllers } from './forwarded-routes.controller.js';

// The generated handlers for each kind of route the table can hold (admin, public, learner, with
// and without a body or params), with the gateway's own guards, pipe and error filter: who gets
// through, what is refused before any service is asked, and the RouteCall each one sends. The
// review deck's routes run the same code end to end against svc-users in test/review-calls.spec.ts.

const forwarded = (name: string, method: ForwardedRoute['route']['method'], path: `/${string}`, access: ForwardedRoute['route']['access'], body: ForwardedRoute['body'], forward: Partial<ForwardedRoute['forward']> = {}): ForwardedRoute => ({
  name,
  route: { method, path, access },
  body,
  answer: ReviewDeckAnswer,
  forward: { service: 'content', summary: name, ...forward },
  pattern: `content.route.${name}`,
  params: routeParams(path),
});

const ROUTES = [
  forwarded('sample.analysis', 'GET', '/sample/:projectId/checks/:checkId', 'admin', null, { timeoutMs: 12_000 }),
  forwarded('sample.signUp', 'POST', '/sample', 'public', IdDto, { created: true }),
  forwarded('sample.edit', 'PUT', '/sample/:id', 'learner', IdDto, { callerIsAdmin: true }),
  forwarded('sample.mark', 'POST', '/sample/:id/mark', 'learner', IdDto),
];

const learner: PublicUser = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', displayName: 'Ada', skill: 'beginner', isAdmin: false };
const admin: PublicUser = { _id: '665f1c2a9b1e8a3d4c5b6a7a', email: 'root@example.com', displayName: 'Root', skill: 'professional', isAdmin: true };
const [projectId, checkId] = ['665f1c2a9b1e8a3d4c5b6a01', '665f1c2a9b1e8a3d4c5b6a02'];

describe('the forwarder’s generated handlers', () => {
  let app: INestApplication;
  let tokens: TokenService;
  let sent: Array<{ service: string; pattern: string; call: unknown; timeoutMs?: number }> = [];
  // Records what would go over NATS and answers at once; the NATS side is ServiceClients' own and review-calls.spec's.
  const services = {
    get: (service: string) => ({
      send: async (pattern: string, call: unknown, timeoutMs?: number) => (sent.push({ service, pattern, call: JSON.parse(JSON.stringify(call)), timeoutMs }), { answered: pattern }),
    }),
  };
  let roster: AdminRoster;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, tokens, roster } = await signedTestApp(forwardingControllers(ROUTES), [
      { provide: ServiceClients, useValue: services },
      { provide: APP_PIPE, useFactory: createValidationPipe },
    ]));
    roster.load([admin._id], roster.unsure());
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    sent = [];
  });

  it('serves an admin route to admins only, each param checked, sending the confirmed caller and the params within its deadline', async () => {
    const path = `/sample/${projectId}/checks/${checkId}`;
    expect((await api().get(path)).status).toBe(401);
    expect((await api().get(path).set(AUTH_HEADER, tokens.sign(learner))).body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only an administrator can do this.' });
    const refused = await api().get(`/sample/${projectId}/checks/nope`).set(AUTH_HEADER, tokens.sign(admin));
    expect([refused.status, refused.body.message]).toEqual([400, 'checkId must be a valid id.']);
    expect(sent).toEqual([]);
    const answer = await api().get(path).set(AUTH_HEADER, tokens.sign(admin));
    expect([answer.status, answer.body]).toEqual([200, { answered: 'content.route.sample.analysis' }]);
    expect(sent).toEqual([{ service: 'content', pattern: 'content.route.sample.analysis', call: { caller: { _id: admin._id, isAdmin: true }, params: { projectId, checkId }, body: null }, timeoutMs: 12_000 }]);
  });

  it('serves a public route without a token, its body validated by the global pipe, 201 when it creates', async () => {
    const refused = await api().post('/sample').send({ id: 'nope', isAdmin: true });
    expect([refused.status, refused.body.message]).toEqual([400, expect.arrayContaining(['id must be a valid id.', 'The field "isAdmin" is not allowed.'])]);
    expect(sent).toEqual([]);
    expect((await api().post('/sample').send({ id: projectId })).status).toBe(201);
    expect(sent).toEqual([{ service: 'content', pattern: 'content.route.sample.signUp', call: { caller: null, params: {}, body: { id: projectId } } }]);
    // Without a timeoutMs entry the client's usual bound holds.
    expect(sent[0]?.timeoutMs).toBeUndefined();
  });

  it('sends isAdmin on a learner route only when its entry asks, confirmed against the roster', async () => {
    await api().put(`/sample/${projectId}`).set(AUTH_HEADER, tokens.sign(learner)).send({ id: checkId }).expect(200);
    await api().put(`/sample/${projectId}`).set(AUTH_HEADER, tokens.sign(admin)).send({ id: checkId }).expect(200);
    roster.change(admin._id, false);
    try {
      await api().put(`/sample/${projectId}`).set(AUTH_HEADER, tokens.sign(admin)).send({ id: checkId }).expect(200);
    } finally {
      roster.change(admin._id, true);
    }
    await api().post(`/sample/${projectId}/mark`).set(AUTH_HEADER, tokens.sign(admin)).send({ id: checkId }).expect(200);
    expect(sent.map(({ call }) => (call as { caller: unknown }).caller)).toEqual([
      { _id: learner._id, isAdmin: false },
      { _id: admin._id, isAdmin: true },
      { _id: admin._id, isAdmin: false },
      { _id: admin._id },
    ]);
    expect(sent.at(-1)?.call).toEqual({ caller: { _id: admin._id }, params: { id: projectId }, body: { id: checkId } });
  });
});
