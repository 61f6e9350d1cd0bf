import { AUTH_HEADER, type QnaQuestion, type SearchPage, type TokenClaims } from '@dblearn/contracts';
import { ServiceProcess, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import mongoose from 'mongoose';
import request from 'supertest';
import { expectAnswerAsDocumented } from './support/api-docs.js';
import { checked, eventually, startGateway, TEST_JWT_SECRET, type TestGateway } from './support/gateway.js';

/*
 * CONTRACT "Search" end to end (issue 22): the gateway in process, the real svc-content (with the
 * shipped curriculum) and svc-community as child processes, real FerretDB and NATS.
 */

let infra: TestInfra;
let svcContent: ServiceProcess;
let svcCommunity: ServiceProcess;
let gateway: TestGateway;

const claims: TokenClaims = { _id: new mongoose.Types.ObjectId().toHexString(), email: 'learner@example.com', skill: 'beginner', isAdmin: false };
const token = new JwtService({ secret: TEST_JWT_SECRET }).sign(claims, { expiresIn: '1h' });

const search = (query: string) => checked(request(gateway.server).get(`/api/search?${query}`).set(AUTH_HEADER, token));
/** A 200's text is the curriculum's, which may say "collection": checked against /api/docs, not for leaks. */
const page = async (query: string): Promise<SearchPage> => {
  const response = await request(gateway.server).get(`/api/search?${query}`).set(AUTH_HEADER, token);
  await expectAnswerAsDocumented(response);
  expect(response.status).toBe(200);
  return response.body as SearchPage;
};

beforeAll(async () => {
  infra = await startTestInfra();
  svcContent = new ServiceProcess('svc-content', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_search_content'),
    NATS_URL: infra.natsUrlAs('svc-content'),
    SEED_DEMO: 'true',
  });
  svcCommunity = new ServiceProcess('svc-community', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName('gateway_search_community'),
    NATS_URL: infra.natsUrlAs('svc-community'),
    SEED_DEMO: 'false',
  });
  svcContent.start();
  svcCommunity.start();
  // The readiness poll below searches many times a second; the per-user limit has its own test.
  gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), SEARCH_RATE_LIMIT: '100000' });
  try {
    await eventually(async () => {
      const response = await request(gateway.server).get('/api/search?q=normalization').set(AUTH_HEADER, token);
      return response.status === 200 && (response.body as SearchPage).missing.length === 0 && (response.body as SearchPage).total > 0;
    }, 60_000, 'both services answer searches');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-content said:\n${svcContent.recentOutput()}\nsvc-community said:\n${svcCommunity.recentOutput()}`);
  }
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await svcContent?.stop();
  await svcCommunity?.stop();
  await infra?.stop();
});

describe('GET /api/search through the gateway', () => {
  it('is for signed-in users only', async () => {
    expect((await checked(request(gateway.server).get('/api/search?q=join'))).status).toBe(401);
  });

  it('refuses bad input quickly with one clear sentence, and answers only stop words with nothing', async () => {
    const refusals: Array<[string, RegExp]> = [
      ['', /q must be/],
      ['q=%20%20%20', /q must be 1 to 200 characters|q must be at most/],
      [`q=${'x'.repeat(1000)}`, /q must be/],
      ['q=join&kind=forum', /kind must be one of: course, tutorial, project, interview, qna/],
      ['q=join&page=0', /page must be 1 or more/],
      ['q=join&page=21', /page must be at most 20/],
      ['q=join&page=two', /page must be a whole number/],
    ];
    for (const [query, message] of refusals) {
      const started = Date.now();
      const response = await search(query);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(message);
      expect(Date.now() - started).toBeLessThan(500);
    }
    expect(await page('q=what%20are%20the')).toEqual({ items: [], total: 0, counts: {}, page: 1, pageSize: 6, missing: [] });
    const syntax = await page(`q=${encodeURIComponent(".*(join|[a-z]+)+$ '; DROP TABLE users; --")}`);
    expect(syntax.items.length).toBeGreaterThan(0);
  });

  it("merges both services' ranked answers, pages them and filters by kind", async () => {
    const posted = await checked(
      request(gateway.server).post('/api/qna').set(AUTH_HEADER, token).send({ topic: 'rm', title: 'Is normalization worth it for a small app?', description: 'My tables are tiny; do I still need BCNF?' }),
    );
    expect(posted.status).toBe(201);
    const question = posted.body as QnaQuestion;
    // Findable within 2 s (here at once: the write answered after the index took it).
    await eventually(async () => (await page('q=normalization&kind=qna')).items.some((hit) => hit.id === question._id), 2_000, 'the new question is found');

    // "normal" also finds normalization and normalise (prefixes).
    const first = await page('q=normal');
    expect(first.missing).toEqual([]);
    expect(first.items).toHaveLength(6);
    expect(first.counts.qna).toBe(1);
    expect(first.counts.tutorial).toBeGreaterThan(0);
    expect(first.total).toBe(Object.values(first.counts).reduce((sum, count) => sum + count, 0));
    const scores = first.items.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Title matches first, whatever service they come from: the forum's one question is not sunk by the curriculum.
    expect(first.items.map((hit) => hit.id)).toContain(question._id);
    const inTitle = first.items.map((hit) => hit.titleMarks.length > 0);
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    const second = await page('q=normal&page=2');
    expect(second.items.map((hit) => hit.id)).not.toContain(first.items[0]?.id);

    const qna = await page('q=norm&kind=qna');
    expect(qna.items.map((hit) => [hit.kind, hit.title, hit.location])).toEqual([['qna', 'Is normalization worth it for a small app?', 'Q&A › Relational Model']]);
    expect(qna.total).toBe(1);
    const tutorials = await page('q=joni&kind=tutorial');
    expect(tutorials.items.length).toBeGreaterThan(0);
    expect(tutorials.items.every((hit) => hit.kind === 'tutorial' && hit.location.includes(' › ') && hit.courseId !== null)).toBe(true);
  });

  it('answers with the content results and names the missing kinds when svc-community is down', async () => {
    await svcCommunity.stop();
    const answer = await page('q=normalization');
    expect(answer.missing).toEqual(['qna']);
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.some((hit) => hit.kind === 'qna')).toBe(false);
    expect((await search('q=normalization&kind=qna')).status).toBe(503);
    expect((await page('q=normalization&kind=course')).missing).toEqual([]);
  });
});

describe('searches per user (issue 30 low 10: one account at 250 searches/s slowed everyone)', () => {
  it('answers 429 with Retry-After past SEARCH_RATE_LIMIT a minute, to that user only', async () => {
    const limited = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), SEARCH_RATE_LIMIT: '5' });
    try {
      const as = (who: string) => request(limited.server).get('/api/search?q=join').set(AUTH_HEADER, who);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await checked(as(token))).status);
      expect(statuses).toEqual(Array(5).fill(200));
      const refused = await checked(as(token));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many searches in a minute\. Try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const other = new JwtService({ secret: TEST_JWT_SECRET }).sign({ ...claims, _id: new mongoose.Types.ObjectId().toHexString(), email: 'other@example.com' }, { expiresIn: '1h' });
      expect((await checked(as(other))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
