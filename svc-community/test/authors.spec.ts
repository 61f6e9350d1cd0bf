import { randomUUID } from 'node:crypto';
import {
  COMMUNITY_PATTERNS,
  DELETED_AUTHOR_NAME,
  EVENT_SUBJECTS,
  type ListPage,
  type QnaQuestion,
  type QnaQuestionSummary,
  USERS_PATTERNS,
} from '@dblearn/contracts';
import type { CallerDto } from '@dblearn/contracts/dto';
import { eventually, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import { AuthorNames } from '../src/authors/author-names.js';
import { LegacyAuthors } from '../src/questions/legacy-authors.js';
import type { CommunityConfig } from '../src/config/community-config.js';
import { DEMO_AUTHORS } from '../src/demo/demo-questions.js';
import { CommunityCaller, startCommunityService, suiteConfig } from './support/community-service.js';

const ana: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60a01', name: 'Ana', isAdmin: false };
const ben: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60b02', name: 'Ben', isAdmin: false };

/** Issue 36: posts keep their author by account id; names come from svc-users' events, kept here. */
describe('authors of Q&A posts in svc-community', () => {
  let infra: TestInfra;
  let config: CommunityConfig;
  let service: INestMicroservice | undefined;
  let community: CommunityCaller;
  let db: mongoose.Connection;
  let nc: NatsConnection;

  const create = (caller: CallerDto) =>
    community.send<QnaQuestion>(COMMUNITY_PATTERNS.createQuestion, { caller, topic: 'sql', title: 'Who wrote this question?', description: 'A question with an author.' });
  const reply = (id: string, caller: CallerDto) => community.send<QnaQuestion>(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller, reply: 'An answer with an author.' } });
  const find = (id: string) => community.send<QnaQuestion>(COMMUNITY_PATTERNS.findQuestion, { id });
  const summaryOf = async (id: string) =>
    (await community.send<ListPage<QnaQuestionSummary>>(COMMUNITY_PATTERNS.listQuestions, { pageSize: 100 })).items.find((item) => item._id === id);
  /** What svc-users' outbox would publish. */
  const publish = (subject: string, fields: Record<string, unknown>) => {
    const eventId = randomUUID();
    return jetstream(nc).publish(subject, JSON.stringify({ eventId, occurredAt: new Date().toISOString(), ...fields }), { msgID: eventId });
  };

  beforeAll(async () => {
    infra = await startTestInfra();
    config = suiteConfig(infra, uniqueDatabaseName('svc_community_authors'));
    service = await startCommunityService(config);
    community = new CommunityCaller(infra.natsUrl);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();
    nc = await connect({ servers: infra.natsUrl });
  });

  afterAll(async () => {
    await community?.close();
    await service?.close();
    await db?.close();
    await nc?.close();
    await infra?.stop();
  });

  it('stores the account id, never an e-mail, and shows the name the token carries until svc-users says more', async () => {
    const question = await create(ana);
    expect(question).toMatchObject({ authorId: ana._id, authorName: 'Ana' });
    const stored = await db.collection('questions').findOne({ _id: new mongoose.Types.ObjectId(question._id) });
    expect(stored).toMatchObject({ authorId: ana._id });
    expect(stored).not.toHaveProperty('userName');
  });

  it('applies a rename made while svc-community was down once it is back, in the list and the thread', async () => {
    const question = await create(ana);
    await reply(question._id, ben);
    await publish(EVENT_SUBJECTS.userRenamed, { entityId: ana._id, displayName: 'Ana Before' });
    await eventually(async () => (await summaryOf(question._id))?.authorName === 'Ana Before', 20_000, 'the first rename');
    expect((await find(question._id)).authorName).toBe('Ana Before');

    await service?.close();
    service = undefined;
    await publish(EVENT_SUBJECTS.userRenamed, { entityId: ben._id, displayName: 'Ben While Down' });
    service = await startCommunityService(config);

    await eventually(async () => (await find(question._id)).replies[0]?.authorName === 'Ben While Down', 30_000, 'the rename made while down');
    expect((await find(question._id)).authorName).toBe('Ana Before');
    expect((await summaryOf(question._id))?.authorName).toBe('Ana Before');
  });

  it('every instance follows a rename at once, whichever one stores it', async () => {
    await create(ana);
    const other = await startCommunityService(config);
    try {
      await publish(EVENT_SUBJECTS.userRenamed, { entityId: ana._id, displayName: 'Ana Everywhere' });
      const names = () => [service!, other].map((app) => app.get(AuthorNames).nameOf(ana._id));
      await eventually(async () => names().every((name) => name === 'Ana Everywhere'), 20_000, 'both instances know the new name');
      await eventually(async () => (await db.collection('authors').findOne({ _id: ana._id } as never))?.name === 'Ana Everywhere', 20_000, 'the name stored');
    } finally {
      await other.close();
    }
  });

  it('an older event never undoes a newer name', async () => {
    const question = await create(ben);
    await publish(EVENT_SUBJECTS.userRenamed, { entityId: ben._id, displayName: 'Ben Newest' });
    await eventually(async () => (await find(question._id)).authorName === 'Ben Newest', 20_000, 'the newest name');
    const eventId = randomUUID();
    await jetstream(nc).publish(
      EVENT_SUBJECTS.userRenamed,
      JSON.stringify({ eventId, occurredAt: new Date(Date.now() - 60_000).toISOString(), entityId: ben._id, displayName: 'Ben Stale' }),
      { msgID: eventId },
    );
    const marker = await create({ _id: '6560f0c2a1b2c3d4e5f60d04', isAdmin: false });
    await publish(EVENT_SUBJECTS.userRenamed, { entityId: '6560f0c2a1b2c3d4e5f60d04', displayName: 'Marker' });
    // Events are handled in order: once the marker's is, the stale one was too.
    await eventually(async () => (await find(marker._id)).authorName === 'Marker', 20_000, 'the marker');
    expect((await find(question._id)).authorName).toBe('Ben Newest');
  });

  it('shows a deleted account\'s posts as "deleted learner" with no author id, and its old rights are gone', async () => {
    const gone: CallerDto = { _id: '6560f0c2a1b2c3d4e5f60e05', name: 'Soon Gone', isAdmin: false };
    const question = await create(gone);
    await publish(EVENT_SUBJECTS.accountRemoved, { entityId: gone._id, reason: 'deleted' });
    await eventually(async () => (await find(question._id)).authorName === DELETED_AUTHOR_NAME, 20_000, 'the deletion');
    expect(await find(question._id)).toMatchObject({ authorId: null, authorName: DELETED_AUTHOR_NAME });
    expect(await summaryOf(question._id)).toMatchObject({ authorId: null, authorName: DELETED_AUTHOR_NAME });
  });

  it('links posts from before display names to their accounts once, and shows no e-mail meanwhile or after', async () => {
    const legacyConfig = suiteConfig(infra, uniqueDatabaseName('svc_community_legacy'));
    const legacyDb = await mongoose.createConnection(infra.mongoUrl, { dbName: legacyConfig.mongoDb }).asPromise();
    const _id = new mongoose.Types.ObjectId();
    await legacyDb.collection('questions').insertOne({
      _id,
      topic: 'sql',
      title: 'An old question with e-mails',
      description: 'Written before display names.',
      userName: 'old.ana@example.com',
      datePosted: new Date(),
      replies: [
        { _id: new mongoose.Types.ObjectId(), userName: 'maya.chen@demo.dblearn.invalid', reply: 'A demo answer.', datePosted: new Date() },
        { _id: new mongoose.Types.ObjectId(), userName: 'gone@example.com', reply: 'By an account deleted long ago.', datePosted: new Date() },
      ],
      pendingEvents: [],
    });
    // svc-users' side of users.authors-by-email, answered the way a Nest microservice answers.
    const asked: string[][] = [];
    const responder = nc.subscribe(USERS_PATTERNS.authorsByEmail, {
      callback: (_error, message) => {
        const { id, data } = message.json<{ id: string; data: { emails: string[] } }>();
        asked.push(data.emails);
        const authors = data.emails.includes('old.ana@example.com') ? [{ email: 'old.ana@example.com', userId: '6560f0c2a1b2c3d4e5f60f06', displayName: 'Old Ana' }] : [];
        message.respond(JSON.stringify({ id, response: { authors }, isDisposed: true }));
      },
    });
    const legacy = await startCommunityService(legacyConfig);
    try {
      expect(await legacy.get(LegacyAuthors).finished()).toBe(1);
      expect(asked.flat().sort()).toEqual(['gone@example.com', 'old.ana@example.com']);
      // Two instances answer this suite's caller (one queue group): read the linked thread from the database and that instance's names.
      const stored = await legacyDb.collection('questions').findOne({ _id });
      expect(JSON.stringify(stored)).not.toContain('@');
      expect(stored).toMatchObject({ authorId: '6560f0c2a1b2c3d4e5f60f06' });
      expect(stored?.replies.map((post: { authorId: string | null }) => post.authorId)).toEqual([DEMO_AUTHORS['maya.chen'].id, null]);
      const names = legacy.get(AuthorNames);
      expect([names.nameOf('6560f0c2a1b2c3d4e5f60f06'), names.nameOf(DEMO_AUTHORS['maya.chen'].id), names.nameOf(null)]).toEqual(['Old Ana', 'Maya Chen', DELETED_AUTHOR_NAME]);
      expect(await legacy.get(LegacyAuthors).finished()).toBe(1);
    } finally {
      responder.unsubscribe();
      await legacy.close();
      await legacyDb.close();
    }
  });
});
