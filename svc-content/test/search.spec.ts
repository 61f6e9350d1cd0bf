import { CONTENT_PATTERNS, type Course, type InterviewQuestion, ROUTES, type ServiceSearch, type Tutorial } from '@dblearn/contracts';
import { routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, startContentSuite, type ContentSuite } from './support/content-service.js';

const FRESH_MS = 2_000;

/**
 * Issue 22: the curriculum is findable over `content.search` from the service's memory, and an
 * admin's write (through the same patterns the gateway's admin routes call) is findable within 2 s.
 */
describe('svc-content search, against real FerretDB and NATS', () => {
  let suite: ContentSuite;
  let course: Course;
  let tutorial: Tutorial;

  const send = <T>(pattern: string, payload: unknown) => suite.content.send<T>(pattern, payload);
  const search = (q: string, extra: Record<string, unknown> = {}) => send<ServiceSearch>(CONTENT_PATTERNS.search, { q, limit: 6, ...extra });
  const found = async (q: string) => (await search(q)).hits.map((hit) => `${hit.kind}:${hit.title}`);

  beforeAll(async () => {
    suite = await startContentSuite('svc_content_search');
    course = await send<Course>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Grouping, Aggregates and Views', teacher: 'Edgar Codd', length: '3 hours' } }));
    tutorial = await send<Tutorial>(...routeCall(ROUTES.tutorials.create, { body: {
      title: 'Aggregate functions',
      courseId: course._id,
      content: { header: 'Counting rows', detail: 'COUNT(*) counts the rows of each group; GROUP BY makes the groups.' },
    } }));
    await send(...routeCall(ROUTES.projects.create, { body: { title: 'Sales by region', difficulty: 'beginner', courseId: course._id } }));
    await send<InterviewQuestion>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'What does HAVING do?', answer: 'It filters the groups that GROUP BY made, after each aggregate is computed.' } }));
  });

  afterAll(async () => {
    await suite?.close();
  });

  it('finds every kind it owns, says where each lives, and ranks a title match above a body match', async () => {
    // Every fixture of beforeAll, not only some: each kind is indexed by its own event. (Freshness
    // within FRESH_MS is timed on an edit below; here the service may still be starting.)
    await eventually(
      async () => (await found('aggregate')).length >= 3 && (await search('sales', { kind: 'project' })).hits.length === 1,
      10_000,
      'the course, tutorial, interview question and project are indexed',
    );
    const { hits, counts } = await search('aggregate');
    expect(hits.map((hit) => hit.kind)).toEqual(['tutorial', 'course', 'interview']);
    expect(counts).toEqual({ tutorial: 1, course: 1, interview: 1 });
    expect(hits[0]).toMatchObject({ id: tutorial._id, location: 'SQL › Grouping, Aggregates and Views', courseId: course._id });
    const interview = (await search('having', { kind: 'interview' })).hits[0];
    expect(interview).toMatchObject({ title: 'What does HAVING do?', location: 'Interview › SQL' });
    expect(interview?.snippet.marks).toEqual([]);
    expect((await search('sales', { kind: 'project' })).hits.map((hit) => hit.location)).toEqual(['SQL › Grouping, Aggregates and Views']);
    expect(await search('sales', { kind: 'qna' })).toEqual({ hits: [], counts: {} });
  });

  it('marks the matched words of a snippet as ranges', async () => {
    const [hit] = (await search('counts')).hits;
    // "counts" also finds COUNT, one letter away.
    expect(hit?.snippet.marks.map(([start, end]) => hit.snippet.text.slice(start, end))).toEqual(['COUNT', 'counts']);
  });

  it('finds a tutorial an admin edited by its new words within 2 s, and forgets a deleted one', async () => {
    const started = Date.now();
    await send(...routeCall(ROUTES.tutorials.update, { params: { id: tutorial._id }, body: { title: 'Windowed aggregates', content: { header: 'Running totals', detail: 'SUM(amount) OVER (ORDER BY day) gives a cumulative total.' } } }));
    await eventually(async () => (await found('cumulative')).includes('tutorial:Windowed aggregates'), FRESH_MS, 'the edited tutorial is found by its new words');
    expect(Date.now() - started).toBeLessThan(FRESH_MS);
    // The course lists its tutorials' titles, so it is found too, below the tutorial itself.
    expect(await found('windowed')).toEqual(['tutorial:Windowed aggregates', 'course:Grouping, Aggregates and Views']);

    await send(...routeCall(ROUTES.courses.update, { params: { id: course._id }, body: { topic: 'rm', name: 'Relational grouping', teacher: 'Edgar Codd', length: '3 hours' } }));
    await eventually(async () => (await search('cumulative')).hits[0]?.location === 'Relational Model › Relational grouping', FRESH_MS, 'the tutorial moves with its course');

    await send(...routeCall(ROUTES.tutorials.delete, { params: { id: tutorial._id } }));
    await eventually(async () => (await found('cumulative')).length === 0, FRESH_MS, 'the deleted tutorial is gone');
  });

  it('refuses a 1,000-character query and an unknown kind; answers stop words with nothing', async () => {
    expect((await suite.content.refusal(CONTENT_PATTERNS.search, { q: 'x'.repeat(1000), limit: 6 })).statusCode).toBe(400);
    expect((await suite.content.refusal(CONTENT_PATTERNS.search, { q: 'join', kind: 'lesson', limit: 6 })).statusCode).toBe(400);
    expect(await search('what are the')).toEqual({ hits: [], counts: {} });
  });
});
