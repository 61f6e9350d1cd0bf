import { COMMUNITY_PATTERNS, type QnaQuestion, type ServiceSearch } from '@dblearn/contracts';
import type { CallerDto } from '@dblearn/contracts/dto';
import { eventually, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { QuestionsService } from '../src/questions/questions.service.js';
import { QuestionSearch } from '../src/search/question-search.js';
import { CommunityCaller, startCommunityService, suiteConfig } from './support/community-service.js';

const ana: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60a01', name: 'Ana', isAdmin: false };
const FRESH_MS = 2_000;

/**
 * Issue 22: Q&A threads are findable over `community.search` as soon as they are posted, edited or
 * deleted, on the instance that wrote them and (through the events) on another. Two instances answer
 * here; the second runs with READ_MODEL=off as production does and keeps its index in memory all the same.
 */
describe('svc-community search, against real FerretDB and NATS', () => {
  let infra: TestInfra;
  let writer: INestMicroservice;
  let production: INestMicroservice | undefined;
  let community: CommunityCaller;

  const search = (q: string, extra: Record<string, unknown> = {}) => community.send<ServiceSearch>(COMMUNITY_PATTERNS.search, { q, limit: 6, ...extra });
  const titles = async (q: string) => (await search(q)).hits.map((hit) => hit.title);
  /** What each instance's own index finds (over NATS either may answer). */
  const onEach = (q: string) => [writer, production!].map((app) => app.get(QuestionSearch).search({ q, limit: 6 }).hits.map((hit) => hit.title));
  const foundEverywhere = (q: string, count: number) => async () => onEach(q).every((found) => found.length === count);
  const create = (title: string, description: string) =>
    community.send<QnaQuestion>(COMMUNITY_PATTERNS.createQuestion, { caller: ana, topic: 'sql', title, description });

  beforeAll(async () => {
    infra = await startTestInfra();
    const database = uniqueDatabaseName('svc_community_search');
    writer = await startCommunityService(suiteConfig(infra, database));
    community = new CommunityCaller(infra.natsUrl);
    // Seeded before the second instance starts: it must find what was there at its start.
    await create('Why does my GROUP BY fail?', 'Postgres says the column must appear in the aggregate function.');
    production = await startCommunityService(suiteConfig(infra, database, { READ_MODEL: 'off' }));
    // It starts from the writer's snapshot and catches up from the events while it already answers.
    await eventually(async () => onEach('group').every((found) => found.length === 1), FRESH_MS, 'both instances find the first question');
  });

  afterAll(async () => {
    await community?.close();
    await writer?.close();
    await production?.close();
    await infra?.stop();
  });

  it('finds what was posted before it started, with the location and the matched words as ranges', async () => {
    const { hits, counts } = await search('group by');
    expect(counts).toEqual({ qna: 1 });
    const [hit] = hits;
    expect(hit).toMatchObject({ kind: 'qna', title: 'Why does my GROUP BY fail?', location: 'Q&A › SQL', courseId: null });
    expect(hit?.titleMarks.map(([start, end]) => hit.title.slice(start, end))).toEqual(['GROUP', 'BY']);
  });

  it('finds a new question within 2 s, ranks a title match first, follows an edit and forgets a delete', async () => {
    const started = Date.now();
    const question = await create('Normalization of a wide table', 'I keep repeating supplier names in every row.');
    const bodyOnly = await create('Splitting a table in two', 'Is this what normalization means?');
    await eventually(foundEverywhere('normalisation', 2), FRESH_MS, 'both questions are found on both instances');
    expect(Date.now() - started).toBeLessThan(FRESH_MS + 500);
    expect(await titles('norm')).toEqual(['Normalization of a wide table', 'Splitting a table in two']);

    await community.send(COMMUNITY_PATTERNS.updateQuestion, { id: question._id, body: { caller: ana, edit: { topic: 'rm', title: 'Functional dependencies', description: 'Which keys follow from these?' } } });
    await eventually(foundEverywhere('dependencies', 1), FRESH_MS, 'the edit is found');
    await eventually(foundEverywhere('supplier', 0), FRESH_MS, 'the old words are forgotten');
    expect((await search('dependencies')).hits[0]?.location).toBe('Q&A › Relational Model');

    await community.send(COMMUNITY_PATTERNS.deleteQuestion, { id: bodyOnly._id, body: { caller: ana } });
    await eventually(foundEverywhere('splitting', 0), FRESH_MS, 'the deleted question is gone');
  });

  it('keeps the READ_MODEL=off instance findable from the other instance\'s events', async () => {
    const offSearch = production!.get(QuestionSearch);
    const titlesThere = (q: string) => offSearch.search({ q, limit: 6 }).hits.map((hit) => hit.title);
    expect(titlesThere('group')).toEqual(['Why does my GROUP BY fail?']);
    // Written by the other instance (in memory mode) straight through its service, not over NATS.
    const written = await writer.get(QuestionsService).createQuestion({ caller: ana, topic: 'nosql', title: 'Sharding keys in MongoDB', description: 'How do I pick a shard key?' });
    await eventually(async () => titlesThere('sharding').length === 1, FRESH_MS, 'the READ_MODEL=off instance finds the other one\'s question');
    await writer.get(QuestionsService).deleteQuestion(written._id, { caller: ana });
    await eventually(async () => titlesThere('sharding').length === 0, FRESH_MS, 'and forgets it when the other deletes it');
  });

  it('refuses a query of 1,000 characters, an unknown kind and a limit past the pages; answers stop words and syntax with nothing', async () => {
    expect((await community.refusal(COMMUNITY_PATTERNS.search, { q: 'x'.repeat(1000), limit: 6 })).statusCode).toBe(400);
    expect((await community.refusal(COMMUNITY_PATTERNS.search, { q: '   ', limit: 6 })).statusCode).toBe(400);
    expect((await community.refusal(COMMUNITY_PATTERNS.search, { q: 'join', kind: 'forum', limit: 6 })).statusCode).toBe(400);
    expect((await community.refusal(COMMUNITY_PATTERNS.search, { q: 'join', limit: 10_000 })).statusCode).toBe(400);
    expect(await search('the what how of')).toEqual({ hits: [], counts: {} });
    expect(await search(".*(zq|xv)+$ ';--")).toEqual({ hits: [], counts: {} });
    expect((await search("GROUP BY'; DROP TABLE questions; --")).hits[0]?.title).toBe('Why does my GROUP BY fail?');
    expect(await search('group', { kind: 'tutorial' })).toEqual({ hits: [], counts: {} });
  });
});
