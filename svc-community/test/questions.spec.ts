import { gunzipSync } from 'node:zlib';
import {
  COMMUNITY_PATTERNS,
  EVENT_SUBJECTS,
  EVENTS_STREAM,
  LIMITS,
  type ListPage,
  QNA_MESSAGES,
  QNA_THREAD_LIMITS,
  type QnaQuestion,
  type QnaQuestionSummary,
  type QuestionAcceptedEvent,
  type QuestionRepliedEvent,
} from '@dblearn/contracts';
import type { CallerDto } from '@dblearn/contracts/dto';
import { type DocumentStore, domainEvent, getStoreToken, GZIP_FROM_BYTES, type JsonBytesAnswer, OutboxRelay, storedEvent } from '@dblearn/nest-common';
import { eventually, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import type { CommunityConfig } from '../src/config/community-config.js';
import { DEMO_QUESTIONS } from '../src/demo/demo-questions.js';
import { QuestionList } from '../src/questions/question-list.js';
import { Question } from '../src/questions/questions.schema.js';
import { QuestionsService } from '../src/questions/questions.service.js';
import { CommunityCaller, startCommunityService, suiteConfig } from './support/community-service.js';

const ana: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60a01', name: 'Ana', isAdmin: false };
const ben: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60b02', name: 'Ben', isAdmin: false };
const admin: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60c03', name: 'The Admin', isAdmin: true };
const OBJECT_ID = /^[0-9a-f]{24}$/;
const XSS = '<img src=x onerror=alert(1)> and <script>alert(2)</script>';

describe('svc-community over NATS, against real FerretDB and NATS', () => {
  let infra: TestInfra;
  let config: CommunityConfig;
  let service: INestMicroservice;
  let community: CommunityCaller;
  let db: mongoose.Connection;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  const create = (caller: CallerDto, fields: Record<string, unknown> = {}) =>
    community.send<QnaQuestion>(COMMUNITY_PATTERNS.createQuestion, {
      caller,
      topic: 'sql',
      title: 'How do I write a join?',
      description: 'I have two tables and want rows from both.',
      ...fields,
    });
  const find = (id: string) => community.send<QnaQuestion>(COMMUNITY_PATTERNS.findQuestion, { id });
  const list = (query: Record<string, unknown> = {}) => community.send<ListPage<QnaQuestionSummary>>(COMMUNITY_PATTERNS.listQuestions, query);
  const update = ({ id, ...body }: Record<string, unknown>) => community.send<QnaQuestion>(COMMUNITY_PATTERNS.updateQuestion, { id, body });
  const stored = (id: string) => db.collection('questions').findOne({ _id: new mongoose.Types.ObjectId(id) });
  const edit = { topic: 'rm', title: 'An edited question title', description: 'The edited description.' };

  beforeAll(async () => {
    infra = await startTestInfra();
    config = suiteConfig(infra, uniqueDatabaseName('svc_community'));
    service = await startCommunityService(config);
    community = new CommunityCaller(infra.natsUrl);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await community?.close();
    await service?.close();
    await db?.close();
    await nc?.close();
    await infra?.stop();
  });

  it('answers community.health', async () => {
    expect(await community.send(COMMUNITY_PATTERNS.health, {})).toEqual({ status: 'ok' });
  });

  it('posts a question authored by the caller, stores the text as written, and finds it by id', async () => {
    const question = await create(ana, { description: XSS });
    expect(question).toEqual({
      _id: expect.stringMatching(OBJECT_ID),
      topic: 'sql',
      title: 'How do I write a join?',
      description: XSS,
      authorId: ana._id,
      authorName: 'Ana',
      datePosted: expect.any(String),
      replies: [],
      acceptedReplyId: null,
      sandboxCourseId: null,
    });
    expect(await find(question._id)).toEqual(question);
    // The detail's raw reply: the very JSON bytes the gateway sends on as the HTTP body.
    const json = await community.send<JsonBytesAnswer>(COMMUNITY_PATTERNS.findQuestionJson, { id: question._id });
    expect(json.gzip).toBe(false);
    expect(JSON.parse(json.body.toString('utf8'))).toEqual(question);
    // What a browser that takes gzip gets for a question this small: the same bytes, plain (gzip pays from GZIP_FROM_BYTES).
    expect(json.body.length).toBeLessThan(GZIP_FROM_BYTES);
    const small = await community.send<JsonBytesAnswer>(COMMUNITY_PATTERNS.findQuestionJson, { id: question._id, gzip: true });
    expect(small.gzip).toBe(false);
    expect(small.body).toEqual(json.body);
    // A long one comes gzipped once by the service, and marked so.
    const long = await community.send<QnaQuestion>(COMMUNITY_PATTERNS.createQuestion, { caller: ana, topic: 'sql', title: 'A long question', description: 'Why? '.repeat(400) });
    const gzipped = await community.send<JsonBytesAnswer>(COMMUNITY_PATTERNS.findQuestionJson, { id: long._id, gzip: true });
    expect(gzipped.gzip).toBe(true);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(long);
    expect((await community.refusal(COMMUNITY_PATTERNS.findQuestionJson, { id: question._id, gzip: 'yes' })).statusCode).toBe(400);
    expect((await stored(question._id))?.description).toBe(XSS);
  });

  it('ignores a userName in the payload: the author is the caller, by account id', async () => {
    const question = await create(ana, { userName: 'someone.else@example.com' });
    expect(question).toMatchObject({ authorId: ana._id, authorName: 'Ana' });
    expect(JSON.stringify(question)).not.toContain('@');
  });

  it('refuses broken rules with 400 and stores nothing', async () => {
    const before = (await list()).total;
    const refusal = await community.refusal(COMMUNITY_PATTERNS.createQuestion, { caller: ana, topic: 'sql', title: 'Too short', description: 'x'.repeat(3001) });
    expect(refusal.statusCode).toBe(400);
    expect(refusal.message).toEqual(['Title must be 10 to 3000 characters long.', 'Question must be 10 to 3000 characters long.']);
    expect((await community.refusal(COMMUNITY_PATTERNS.findQuestion, { id: 'not-an-id' })).statusCode).toBe(400);
    expect((await community.refusal(COMMUNITY_PATTERNS.createQuestion, { caller: ana, ...edit, title: { $gt: '' } })).statusCode).toBe(400);
    expect((await list()).total).toBe(before);
  });

  it('answers 404 for an unknown question', async () => {
    expect(await community.refusal(COMMUNITY_PATTERNS.findQuestion, { id: new mongoose.Types.ObjectId().toHexString() })).toEqual({
      statusCode: 404,
      message: QNA_MESSAGES.notFound,
    });
  });

  describe('community.list-questions (the read model)', () => {
    it('lists newest first with reply counts, filters by topic and pages with the total', async () => {
      const first = await create(ben, { topic: 'nosql', title: 'First NoSQL question here' });
      const second = await create(ben, { topic: 'nosql', title: 'Second NoSQL question here' });
      await update({ id: first._id, caller: ana, reply: 'A reply long enough to count.' });
      const page = await list({ topic: 'nosql', page: 1, pageSize: 6 });
      expect(page.total).toBe(2);
      expect(page.items.map((item) => [item.title, item.replyCount])).toEqual([
        ['Second NoSQL question here', 0],
        ['First NoSQL question here', 1],
      ]);
      expect(Object.keys(page.items[0]!).sort()).toEqual(['_id', 'authorId', 'authorName', 'datePosted', 'description', 'replyCount', 'sandboxCourseId', 'solved', 'title', 'topic']);
      expect((await list({ topic: 'nosql', page: 2, pageSize: 1 })).items.map((item) => item._id)).toEqual([first._id]);
      expect((await list()).items[0]?._id).toBe(second._id);
      expect((await community.refusal(COMMUNITY_PATTERNS.listQuestions, { pageSize: 101 })).statusCode).toBe(400);
    });

    it('a second instance sees the first one’s writes through the kit (list and detail)', async () => {
      const other = await startCommunityService(config);
      try {
        const here = service.get(QuestionsService);
        const there = other.get(QuestionsService);
        const question = await here.createQuestion({ caller: ana, topic: 'fo', title: 'Seen by the other instance?', description: 'Written in the first one.' });
        await eventually(async () => (await there.listQuestions({ topic: 'fo' })).items[0]?._id === question._id, 15_000, 'the other instance lists it');
        expect(await there.findQuestion(question._id)).toEqual(question);
        // The other instance cached the detail, its JSON bytes and their gzip: the first one's reply must reach all three.
        const repliesInBytes = async (gzip: boolean) => {
          const { bytes, meta } = await there.findQuestionJson(question._id, gzip);
          return (JSON.parse((meta.gzip ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8')) as QnaQuestion).replies.length;
        };
        expect([await repliesInBytes(false), await repliesInBytes(true)]).toEqual([0, 0]);
        await here.updateQuestion(question._id, { caller: ben, reply: 'A reply from the first instance.' });
        await eventually(async () => (await there.findQuestion(question._id)).replies.length === 1, 15_000, 'the other instance drops its cached detail');
        expect([await repliesInBytes(false), await repliesInBytes(true)]).toEqual([1, 1]);
        await eventually(async () => (await there.listQuestions({ topic: 'fo' })).items[0]?.replyCount === 1, 15_000, 'and counts the reply');
        await here.deleteQuestion(question._id, { caller: ana });
        await eventually(async () => !(await there.listQuestions({ topic: 'fo' })).items.some((item) => item._id === question._id), 15_000, 'and drops it');
      } finally {
        await other.close();
      }
    });

    it('rebuilds the same list from the database at start (another instance, same database)', async () => {
      const other = await startCommunityService(config);
      try {
        // Both instances now answer in the queue group: whichever answers, the list is the same.
        const answers = await Promise.all([list(), list(), list(), list()]);
        for (const answer of answers) expect(answer).toEqual(answers[0]);
      } finally {
        await other.close();
      }
    });
  });

  describe('the list snapshot', () => {
    it('is saved at shutdown and read at the next start, which then also finds what was written behind its back', async () => {
      const snapshotConfig = suiteConfig(infra, uniqueDatabaseName('svc_community_snapshot'));
      const snapshotDb = await mongoose.createConnection(infra.mongoUrl, { dbName: snapshotConfig.mongoDb }).asPromise();
      let first: INestMicroservice | undefined = await startCommunityService(snapshotConfig);
      try {
        await service.close();
        for (let index = 0; index < 3; index += 1) await create(ana, { title: `Snapshot question number ${index}` });
        await first.close();
        first = undefined;
        expect(await snapshotDb.collection('read_model_snapshots').countDocuments({ _id: 'questions-head' as never })).toBe(1);
        // Written straight to the database while no instance runs: only the collection knows it.
        const behind = new mongoose.Types.ObjectId();
        await snapshotDb.collection('questions').insertOne({
          _id: behind,
          topic: 'fo',
          title: 'Written behind the snapshot',
          description: 'Only a full read finds it.',
          authorId: ana._id,
          datePosted: new Date(),
          replies: [],
        });
        first = await startCommunityService(snapshotConfig);
        expect(first.get(QuestionList).startedFromSnapshot).toBe(true);
        expect((await list()).items.map((item) => item.title).slice(0, 3)).toContain('Snapshot question number 2');
        await eventually(async () => (await list()).items[0]?._id === behind.toHexString(), 10_000, 'the background read adds it');
        expect((await list()).total).toBe(4);
      } finally {
        await first?.close();
        await snapshotDb.close();
        service = await startCommunityService(config);
      }
    });
  });

  describe('community.update-question', () => {
    it('lets the author edit, and refuses anyone else with 403 and no change', async () => {
      const question = await create(ana);
      expect(await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id: question._id, body: { caller: ben, edit } })).toEqual({
        statusCode: 403,
        message: QNA_MESSAGES.onlyAuthorEdits,
      });
      expect(await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id: question._id, body: { caller: admin, edit } })).toMatchObject({ statusCode: 403 });
      expect(await find(question._id)).toEqual(question);
      const edited = await update({ id: question._id, caller: ana, edit });
      expect(edited).toMatchObject({ ...edit, authorId: ana._id, authorName: 'Ana', datePosted: question.datePosted });
      expect(await find(question._id)).toEqual(edited);
      expect((await list({ topic: 'rm' })).items.some((item) => item._id === question._id && item.title === edit.title)).toBe(true);
      expect((await list({ topic: 'sql' })).items.some((item) => item._id === question._id)).toBe(false);
    });

    it('adds a reply by anyone signed in, ignoring the fields that ride along unless they are the author', async () => {
      const question = await create(ana);
      const replied = await update({ id: question._id, caller: ben, edit, reply: 'Ben answers with enough text.' });
      expect(replied).toMatchObject({ title: question.title, topic: question.topic });
      expect(replied.replies).toEqual([
        { _id: expect.stringMatching(OBJECT_ID), authorId: ben._id, authorName: 'Ben', reply: 'Ben answers with enough text.', datePosted: expect.any(String) },
      ]);
      const both = await update({ id: question._id, caller: ana, edit, reply: 'Ana answers and edits too.' });
      expect(both).toMatchObject({ title: edit.title });
      expect(both.replies.map((reply) => reply.authorName)).toEqual(['Ben', 'Ana']);
      expect((await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id: question._id, body: { caller: ben, reply: 'short' } })).statusCode).toBe(400);
      expect((await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id: question._id, body: { caller: ben } })).statusCode).toBe(400);
    });
  });

  describe('deletes', () => {
    it('deletes a question for its author, and refuses another learner with 403', async () => {
      const question = await create(ana);
      expect(await community.refusal(COMMUNITY_PATTERNS.deleteQuestion, { id: question._id, body: { caller: ben } })).toEqual({
        statusCode: 403,
        message: QNA_MESSAGES.onlyAuthorOrAdminDeletes,
      });
      expect(await find(question._id)).toEqual(question);
      expect(await community.send(COMMUNITY_PATTERNS.deleteQuestion, { id: question._id, body: { caller: ana } })).toEqual(question);
      expect((await community.refusal(COMMUNITY_PATTERNS.findQuestion, { id: question._id })).statusCode).toBe(404);
      expect((await list()).items.some((item) => item._id === question._id)).toBe(false);
      // The kit's tombstone: the question is gone at once, the tombstone once its deleted event is out.
      expect(await stored(question._id)).toBeNull();
      await eventually(async () => (await db.collection('tombstones').findOne({ _id: new mongoose.Types.ObjectId(question._id) })) === null, 10_000, 'the tombstone is removed');
    });

    it("lets an admin delete anyone's question", async () => {
      const question = await create(ben);
      await community.send(COMMUNITY_PATTERNS.deleteQuestion, { id: question._id, body: { caller: admin } });
      expect((await community.refusal(COMMUNITY_PATTERNS.findQuestion, { id: question._id })).statusCode).toBe(404);
    });

    it('deletes a reply for its author or an admin only, and answers 404 for an unknown reply', async () => {
      const question = await create(ana);
      await update({ id: question._id, caller: ben, reply: 'Ben answers with enough text.' });
      const withTwo = await update({ id: question._id, caller: ana, reply: 'Ana answers her own question.' });
      const [bens, anas] = withTwo.replies;
      // Even the question's author cannot delete someone else's reply.
      expect(await community.refusal(COMMUNITY_PATTERNS.deleteReply, { id: question._id, body: { id: bens!._id, caller: ana } })).toEqual({
        statusCode: 403,
        message: QNA_MESSAGES.onlyReplyAuthorOrAdminDeletes,
      });
      expect((await find(question._id)).replies).toHaveLength(2);
      const withoutBens = await community.send<QnaQuestion>(COMMUNITY_PATTERNS.deleteReply, { id: question._id, body: { id: bens!._id, caller: ben } });
      expect(withoutBens.replies).toEqual([anas]);
      const empty = await community.send<QnaQuestion>(COMMUNITY_PATTERNS.deleteReply, { id: question._id, body: { id: anas!._id, caller: admin } });
      expect(empty.replies).toEqual([]);
      expect((await stored(question._id))?.replies).toEqual([]);
      expect(await community.refusal(COMMUNITY_PATTERNS.deleteReply, { id: question._id, body: { id: anas!._id, caller: admin } })).toEqual({
        statusCode: 404,
        message: QNA_MESSAGES.replyNotFound,
      });
    });
  });

  describe('community.accept-reply (issue 22)', () => {
    const accept = (questionId: string, body: Record<string, unknown>) => community.send<QnaQuestion>(COMMUNITY_PATTERNS.acceptReply, { id: questionId, body });

    it('lets the author accept a reply and change it, an admin clear it; the list shows the thread solved', async () => {
      const question = await create(ana, { topic: 'nosql' });
      await update({ id: question._id, caller: ben, reply: 'The first answer, long enough.' });
      const [first, second] = (await update({ id: question._id, caller: admin, reply: 'The second answer, long enough.' })).replies;
      expect(question.acceptedReplyId).toBeNull();

      expect((await accept(question._id, { caller: ana, id: first!._id })).acceptedReplyId).toBe(first!._id);
      expect((await find(question._id)).acceptedReplyId).toBe(first!._id);
      expect((await list({ topic: 'nosql' })).items.find((item) => item._id === question._id)?.solved).toBe(true);

      expect((await accept(question._id, { caller: ana, id: second!._id })).acceptedReplyId).toBe(second!._id);
      expect(String((await stored(question._id))?.acceptedReplyId)).toBe(second!._id);

      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: question._id, body: { caller: ana, id: null } })).toMatchObject({ statusCode: 403, message: QNA_MESSAGES.onlyAdminClearsAccepted });
      expect((await accept(question._id, { caller: admin, id: null })).acceptedReplyId).toBeNull();
      expect((await list({ topic: 'nosql' })).items.find((item) => item._id === question._id)?.solved).toBe(false);
    });

    it('refuses a learner who is not the author with 403, and a reply of another question with 404, changing nothing', async () => {
      const question = await create(ana);
      const reply = (await update({ id: question._id, caller: ben, reply: 'An answer that is long enough.' })).replies[0]!;
      const elsewhere = await create(ben);
      const foreign = (await update({ id: elsewhere._id, caller: ana, reply: 'An answer to the other one.' })).replies[0]!;

      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: question._id, body: { caller: ben, id: reply._id } })).toMatchObject({ statusCode: 403, message: QNA_MESSAGES.onlyAuthorOrAdminAccepts });
      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: question._id, body: { caller: ana, id: foreign._id } })).toMatchObject({ statusCode: 404, message: QNA_MESSAGES.replyNotFound });
      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: new mongoose.Types.ObjectId().toHexString(), body: { caller: ana, id: reply._id } })).toMatchObject({ statusCode: 404, message: QNA_MESSAGES.notFound });
      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: question._id, body: { caller: ana, id: 'nope' } })).toMatchObject({ statusCode: 400 });
      expect(await community.refusal(COMMUNITY_PATTERNS.acceptReply, { id: question._id, body: { caller: ana } })).toMatchObject({ statusCode: 400 });
      expect((await stored(question._id))?.acceptedReplyId ?? null).toBeNull();
      // An admin may accept on anyone's question.
      expect((await accept(question._id, { caller: admin, id: reply._id })).acceptedReplyId).toBe(reply._id);
    });

    it('clears the accepted answer when its reply is deleted, and publishes accepted events', async () => {
      const question = await create(ana);
      const reply = (await update({ id: question._id, caller: ben, reply: 'An answer that is long enough.' })).replies[0]!;
      await accept(question._id, { caller: ana, id: reply._id });
      const after = await community.send<QnaQuestion>(COMMUNITY_PATTERNS.deleteReply, { id: question._id, body: { id: reply._id, caller: ben } });
      expect(after.acceptedReplyId).toBeNull();
      expect((await list()).items.find((item) => item._id === question._id)?.solved).toBe(false);

      await eventually(async () => ((await stored(question._id))?.pendingEvents as unknown[]).length === 0, 10_000, 'every event is published');
      const consumer = await jsm.consumers.add(EVENTS_STREAM, { filter_subject: EVENT_SUBJECTS.questionAccepted, ack_policy: 'none' as never });
      const messages = await (await jetstream(nc).consumers.get(EVENTS_STREAM, consumer.name)).fetch({ max_messages: 1000, expires: 2000 });
      const mine: QuestionAcceptedEvent[] = [];
      for await (const message of messages) {
        const data = message.json<QuestionAcceptedEvent>();
        if (data.entityId === question._id) mine.push(data);
        if (message.info.pending === 0) break;
      }
      expect(mine.map((event) => [event.topic, event.replyId])).toEqual([
        ['sql', reply._id],
        ['sql', null],
      ]);
    });
  });

  describe('long threads (issue 17, finding 5): every answer fits one NATS message', () => {
    /** A question stored with these replies (written straight to the database: quicker than 200 calls). */
    const seedThread = async (replies: string[]): Promise<string> => {
      const _id = new mongoose.Types.ObjectId();
      const datePosted = new Date();
      await db.collection('questions').insertOne({
        _id,
        topic: 'sql',
        title: 'A thread with many long replies',
        description: 'Every reply below is long.',
        authorId: ana._id,
        datePosted,
        replies: replies.map((reply) => ({ _id: new mongoose.Types.ObjectId(), authorId: ben._id, reply, datePosted })),
        pendingEvents: [],
      });
      return _id.toHexString();
    };
    const jsonBytes = (question: QnaQuestion) => Buffer.byteLength(JSON.stringify(question));

    it(`refuses reply ${QNA_THREAD_LIMITS.maxReplies + 1} with 409 and stores nothing; the thread still reads and deletes`, async () => {
      const id = await seedThread(Array.from({ length: QNA_THREAD_LIMITS.maxReplies }, (_, index) => `Reply number ${index} to this question.`));
      expect(await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller: ben, reply: 'One reply too many here.' } })).toEqual({
        statusCode: 409,
        message: QNA_MESSAGES.tooManyReplies,
      });
      expect((await stored(id))?.replies).toHaveLength(QNA_THREAD_LIMITS.maxReplies);
      expect((await find(id)).replies).toHaveLength(QNA_THREAD_LIMITS.maxReplies);
      // Deleting a reply makes room again.
      const [first] = (await find(id)).replies;
      await community.send(COMMUNITY_PATTERNS.deleteReply, { id, body: { id: first!._id, caller: ben } });
      expect((await update({ id, caller: ben, reply: 'Now there is room for this.' })).replies).toHaveLength(QNA_THREAD_LIMITS.maxReplies);
    });

    it('refuses, before writing, a reply or an edit that would take the thread past its byte budget (3,000-character replies, JSON escapes)', async () => {
      // Control characters take six bytes of JSON each: 3,000 of them are 18 kB, the worst a reply can be.
      const heavy = '\u0001'.repeat(LIMITS.qna.reply.max);
      const heavyBytes = Buffer.byteLength(JSON.stringify(heavy));
      // As many as fit with their fields (about 200 bytes each); one more cannot fit.
      const replies = Array.from({ length: Math.floor(QNA_THREAD_LIMITS.maxJsonBytes / heavyBytes) }, () => heavy);
      const id = await seedThread(replies);
      const before = await find(id);
      expect(jsonBytes(before)).toBeLessThanOrEqual(QNA_THREAD_LIMITS.maxJsonBytes);
      expect(jsonBytes(before) + heavyBytes).toBeGreaterThan(QNA_THREAD_LIMITS.maxJsonBytes);

      const refusal = await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller: ben, reply: heavy } });
      expect(refusal).toEqual({ statusCode: 409, message: QNA_MESSAGES.threadTooLarge });
      const authorEdit = { topic: 'sql', title: 'A thread with many long replies', description: heavy };
      expect(await community.refusal(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller: ana, edit: authorEdit } })).toEqual(refusal);
      expect((await stored(id))?.replies).toHaveLength(replies.length);
      expect(await find(id)).toEqual(before);

      // A short reply still fits; the detail (raw JSON bytes) and the author's delete answer, whole.
      const replied = await update({ id, caller: ben, reply: 'A short reply still fits.' });
      expect(replied.replies).toHaveLength(replies.length + 1);
      const json = await community.send<JsonBytesAnswer>(COMMUNITY_PATTERNS.findQuestionJson, { id });
      expect((JSON.parse(json.body.toString('utf8')) as QnaQuestion).replies).toHaveLength(replies.length + 1);
      expect(await community.send(COMMUNITY_PATTERNS.deleteQuestion, { id, body: { caller: ana } })).toEqual(replied);
      expect(await stored(id)).toBeNull();
    });
  });

  describe('events through the atomic outbox', () => {
    it('publishes created, replied, updated and deleted to JetStream and clears them from the document', async () => {
      const question = await create(ana);
      const replied = await update({ id: question._id, caller: ben, reply: 'An answer long enough.' });
      await update({ id: question._id, caller: ana, edit });
      await community.send(COMMUNITY_PATTERNS.deleteQuestion, { id: question._id, body: { caller: ana } });
      await eventually(async () => (await db.collection('tombstones').findOne({ _id: new mongoose.Types.ObjectId(question._id) })) === null, 10_000, 'every event is published');

      const consumer = await jsm.consumers.add(EVENTS_STREAM, { filter_subject: 'events.community.>', ack_policy: 'none' as never });
      const messages = await (await jetstream(nc).consumers.get(EVENTS_STREAM, consumer.name)).fetch({ max_messages: 1000, expires: 2000 });
      const mine: Array<{ subject: string; data: QuestionRepliedEvent }> = [];
      for await (const message of messages) {
        const data = message.json<QuestionRepliedEvent>();
        if (data.entityId === question._id) mine.push({ subject: message.subject, data });
        if (message.info.pending === 0) break;
      }
      expect(mine.map((event) => event.subject)).toEqual([
        EVENT_SUBJECTS.questionCreated,
        EVENT_SUBJECTS.questionReplied,
        EVENT_SUBJECTS.questionUpdated,
        EVENT_SUBJECTS.questionDeleted,
      ]);
      expect(mine[1]?.data).toMatchObject({ topic: 'sql', replyId: replied.replies[0]?._id, eventId: expect.any(String), occurredAt: expect.any(String) });
      expect(new Set(mine.map((event) => event.data.eventId)).size).toBe(4);
    });

    it('publishes an event a crash left in a document when the service starts again', async () => {
      const id = new mongoose.Types.ObjectId();
      const eventId = `left-behind-${Date.now()}`;
      await db.collection('questions').insertOne({
        _id: id,
        topic: 'fo',
        title: 'Written just before a crash',
        description: 'The relay never ran.',
        authorId: ana._id,
        datePosted: new Date(),
        replies: [],
        pendingEvents: [{ eventId, subject: EVENT_SUBJECTS.questionCreated, payload: JSON.stringify({ entityId: id.toHexString(), topic: 'fo', eventId, occurredAt: new Date().toISOString() }) }],
      });
      const restarted = await startCommunityService(config);
      try {
        await eventually(async () => ((await stored(id.toHexString()))?.pendingEvents as unknown[]).length === 0, 10_000, 'the left-behind event is published');
        const message = await jsm.streams.getMessage(EVENTS_STREAM, { last_by_subj: EVENT_SUBJECTS.questionCreated });
        expect(message?.json<{ eventId: string }>().eventId).toBe(eventId);
      } finally {
        await restarted.close();
      }
    });
  });

  it("runs the relay's background clear of a question's events under the question's lock, after the write holding it", async () => {
    const question = await create(ana);
    const _id = new mongoose.Types.ObjectId(question._id);
    const pending = async () => ((await stored(question._id))?.pendingEvents as unknown[] | undefined)?.length ?? 0;
    let release!: () => void;
    const held = service.get<DocumentStore<Question>>(getStoreToken(Question.name)).atomically(question._id, () => new Promise<void>((resolve) => (release = resolve)));
    // As a write whose inline publish timed out leaves it: the event on the question, for the relay.
    const left = domainEvent(EVENT_SUBJECTS.questionUpdated, { entityId: question._id, topic: 'sql' });
    await db.collection<{ _id: mongoose.Types.ObjectId; pendingEvents?: unknown[] }>('questions').updateOne({ _id }, { $push: { pendingEvents: storedEvent(left) } });
    service.get(OutboxRelay).publishSoon(Question.name, _id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await pending()).toBe(1);
    release();
    await held;
    await eventually(async () => (await pending()) === 0, 10_000, 'the relay clears the event once the lock is free');
  });

  it('seeds a dozen demo questions with replies into an empty database only (SEED_DEMO)', async () => {
    const demoConfig = suiteConfig(infra, uniqueDatabaseName('svc_community_demo'), { SEED_DEMO: 'true' });
    const demo = await startCommunityService(demoConfig);
    const demoDb = await mongoose.createConnection(infra.mongoUrl, { dbName: demoConfig.mongoDb }).asPromise();
    try {
      expect(await demoDb.collection('questions').countDocuments()).toBe(DEMO_QUESTIONS.length);
      expect(DEMO_QUESTIONS.length).toBeGreaterThanOrEqual(12);
      expect(DEMO_QUESTIONS.every((question) => question.replies.length > 0)).toBe(true);
      await demo.close();
      const again = await startCommunityService(demoConfig);
      await again.close();
      expect(await demoDb.collection('questions').countDocuments()).toBe(DEMO_QUESTIONS.length);
    } finally {
      await demoDb.close();
    }
  });
});
