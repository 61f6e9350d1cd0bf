import {
  DISPLAY_NAME_CHARACTERS_MESSAGE,
  DISPLAY_NAME_LENGTH_MESSAGE,
  DISPLAY_NAME_TAKEN_MESSAGE,
  EMAIL_RESERVED_DOMAIN_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EVENT_SUBJECTS,
  EVENTS_STREAM,
  INVALID_CREDENTIALS_MESSAGE,
  type AdminRoster,
  type PublicUser,
  type UserProfile,
  USERS_PATTERNS,
} from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import { DISPLAY_NAME_BACKFILL_ID, DisplayNameBackfill } from '../src/users/display-name-backfill.js';
import { TOO_MANY_DELETION_TRIES_MESSAGE } from '../src/users/deletion-tries.js';
import { WRONG_PASSWORD_MESSAGE } from '../src/users/users.service.js';
import { startUsersService, suiteConfig, UsersCaller } from './support/users-service.js';

const GENERATED = /^learner-\d{4,}$/;

/** Issue 36 (display names) and issue 30 Lows 7–8 (deleted accounts, look-alike e-mails), against real FerretDB and NATS. */
describe('display names and account deletion in svc-users', () => {
  let infra: TestInfra;
  let service: INestMicroservice;
  let users: UsersCaller;
  let db: mongoose.Connection;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let mailbox = 0;

  const register = (fields: Record<string, unknown> = {}) =>
    users.send<PublicUser>(USERS_PATTERNS.register, { email: `learner${(mailbox += 1)}@example.com`, password: 'secret-one', skill: 'beginner', ...fields });
  const rename = (userId: string, displayName: string) => users.send<UserProfile>(USERS_PATTERNS.rename, { userId, displayName });
  const refusal = (pattern: string, payload: unknown) => users.refusal(pattern, payload);

  beforeAll(async () => {
    infra = await startTestInfra();
    const config = suiteConfig(infra, uniqueDatabaseName('svc_users_names'));
    service = await startUsersService(config);
    users = new UsersCaller(infra.natsUrl);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();
    nc = await connect({ servers: infra.natsUrl });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await users?.close();
    await service?.close();
    await db?.close();
    await nc?.close();
    await infra?.stop();
  });

  it('keeps the name chosen at sign-up, tidied, and gives a learner-1234 name to an account without one', async () => {
    expect((await register({ displayName: '  Ada   Lovelace ' })).displayName).toBe('Ada Lovelace');
    const unnamed = await register();
    expect(unnamed.displayName).toMatch(GENERATED);
    expect((await users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId: unnamed._id })).displayName).toBe(unnamed.displayName);
  });

  it('refuses a name taken in any letter case or by a look-alike (409), and one outside the rules (400), changing nothing', async () => {
    await register({ displayName: 'Grace.Hopper' });
    for (const lookAlike of ['grace.hopper', 'GRACE.HOPPER', 'Grаce.Hopper' /* Cyrillic а */, 'Grace.Hopper'.replace('o', '0'), 'Ｇrace.Hopper' /* fullwidth G */]) {
      expect(await refusal(USERS_PATTERNS.register, { email: `x${(mailbox += 1)}@example.com`, password: 'secret-one', skill: 'beginner', displayName: lookAlike })).toEqual({
        statusCode: 409,
        message: DISPLAY_NAME_TAKEN_MESSAGE,
      });
    }
    const paul = await register({ displayName: 'Paul' });
    const other = await register();
    // I (capital i) and l (small L) look alike: taken for anyone else; Paul himself may write it so.
    expect(await refusal(USERS_PATTERNS.rename, { userId: other._id, displayName: 'PauI' })).toEqual({ statusCode: 409, message: DISPLAY_NAME_TAKEN_MESSAGE });
    expect(await refusal(USERS_PATTERNS.rename, { userId: paul._id, displayName: 'ab' })).toEqual({ statusCode: 400, message: [DISPLAY_NAME_LENGTH_MESSAGE] });
    expect(await refusal(USERS_PATTERNS.rename, { userId: paul._id, displayName: 'paul@example.com' })).toEqual({ statusCode: 400, message: [DISPLAY_NAME_CHARACTERS_MESSAGE] });
    expect((await users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId: paul._id })).displayName).toBe('Paul');
  });

  it('renames with a user.renamed event, frees the old name, and lets the owner change only the letter case', async () => {
    const linus = await register({ displayName: 'Linus' });
    const renamed = await rename(linus._id, 'Linus T');
    expect(renamed.displayName).toBe('Linus T');
    expect(await findEvent(EVENT_SUBJECTS.userRenamed, linus._id)).toMatchObject({ entityId: linus._id, displayName: 'Linus T' });
    expect((await register({ displayName: 'linus' })).displayName).toBe('linus');
    expect((await rename(linus._id, 'LINUS T')).displayName).toBe('LINUS T');
    expect(await refusal(USERS_PATTERNS.register, { email: 'late@example.com', password: 'secret-one', skill: 'beginner', displayName: 'Linus T' })).toMatchObject({ statusCode: 409 });
  });

  it('a refused rename keeps every claim of the current name', async () => {
    const pat = await register({ displayName: 'Patl' });
    await register({ displayName: 'pati' });
    // 'PatI' looks like Pat's own 'Patl' and, in lower case, is 'pati': someone else's.
    expect(await refusal(USERS_PATTERNS.rename, { userId: pat._id, displayName: 'PatI' })).toEqual({ statusCode: 409, message: DISPLAY_NAME_TAKEN_MESSAGE });
    expect(await refusal(USERS_PATTERNS.register, { email: `x${(mailbox += 1)}@example.com`, password: 'secret-one', skill: 'beginner', displayName: 'Patl' })).toEqual({
      statusCode: 409,
      message: DISPLAY_NAME_TAKEN_MESSAGE,
    });
  });

  it('a name stays unique under two racing claims', async () => {
    const [first, second] = await Promise.all([register(), register()]);
    const results = await Promise.allSettled([rename(first!._id, 'Racer'), rename(second!._id, 'Racer')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a look-alike of the reserved demo domain (issue 30, Low 8)', async () => {
    expect(await refusal(USERS_PATTERNS.register, { email: 'emma.dubois@demo.dblearn.ınvalid', password: 'secret-one', skill: 'beginner' })).toEqual({
      statusCode: 400,
      message: [EMAIL_RESERVED_DOMAIN_MESSAGE],
    });
    expect(await db.collection('users').countDocuments({ email: /dblearn/ })).toBe(0);
  });

  it('deletes an account only with its password: the id is announced removed, the e-mail and name are free again', async () => {
    const doomed = await register({ email: 'doomed@example.com', displayName: 'Doomed One' });
    expect(await refusal(USERS_PATTERNS.deleteAccount, { userId: doomed._id, password: 'not-it' })).toEqual({ statusCode: 400, message: WRONG_PASSWORD_MESSAGE });
    expect((await users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId: doomed._id })).email).toBe('doomed@example.com');

    expect(await users.send(USERS_PATTERNS.deleteAccount, { userId: doomed._id, password: 'secret-one' })).toEqual({ deleted: true });
    expect(await findEvent(EVENT_SUBJECTS.accountRemoved, doomed._id)).toMatchObject({ entityId: doomed._id, reason: 'deleted' });
    expect(await refusal(USERS_PATTERNS.findProfile, { userId: doomed._id })).toMatchObject({ statusCode: 404 });
    expect(await refusal(USERS_PATTERNS.verifyCredentials, { email: 'doomed@example.com', password: 'secret-one' })).toEqual({ statusCode: 400, message: INVALID_CREDENTIALS_MESSAGE });
    expect((await users.send<AdminRoster>(USERS_PATTERNS.listAdmins, {})).removedIds).toContain(doomed._id);
    const stored = await db.collection('users').findOne({ _id: new mongoose.Types.ObjectId(doomed._id) });
    expect(stored).toMatchObject({ deleted: true, savedQuestion: [], finishedProject: [], readTutorial: [] });
    expect(JSON.stringify(stored)).not.toContain('doomed@example.com');
    expect(JSON.stringify(stored)).not.toContain('Doomed One');

    const again = await register({ email: 'doomed@example.com', displayName: 'Doomed One' });
    expect(again._id).not.toBe(doomed._id);
    expect(await refusal(USERS_PATTERNS.register, { email: 'doomed@example.com', password: 'secret-one', skill: 'beginner' })).toEqual({ statusCode: 400, message: EMAIL_TAKEN_MESSAGE });
  });

  it('stops taking passwords for a deletion after five wrong ones, so a stolen session cannot guess it', async () => {
    const target = await register();
    for (let wrong = 0; wrong < 5; wrong += 1) {
      expect(await refusal(USERS_PATTERNS.deleteAccount, { userId: target._id, password: `guess-${wrong}` })).toMatchObject({ statusCode: 400 });
    }
    expect(await refusal(USERS_PATTERNS.deleteAccount, { userId: target._id, password: 'secret-one' })).toEqual({ statusCode: 429, message: TOO_MANY_DELETION_TRIES_MESSAGE });
    expect((await users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId: target._id })).email).toBe(target.email);
  });

  it('names the accounts made before display names once, with their events, and a second run changes nothing', async () => {
    const _id = new mongoose.Types.ObjectId();
    await db.collection('users').insertOne({ _id, email: 'old-timer@example.com', passwordHash: 'x', skill: 'beginner', isAdmin: false, savedQuestion: [], finishedProject: [], readTutorial: [] });
    const backfill = service.get(DisplayNameBackfill);
    await backfill.finished();
    // Already marked done at this suite's start: the run after the marker is removed is the one that names.
    await db.collection('migrations').deleteOne({ _id: DISPLAY_NAME_BACKFILL_ID } as never);
    expect(await backfill.run()).toBe(1);
    const named = await db.collection('users').findOne({ _id });
    expect(named?.displayName).toMatch(GENERATED);
    expect(await findEvent(EVENT_SUBJECTS.userRenamed, _id.toHexString())).toMatchObject({ displayName: named?.displayName });
    expect(await backfill.run()).toBe(0);
    await db.collection('migrations').deleteOne({ _id: DISPLAY_NAME_BACKFILL_ID } as never);
    expect(await backfill.run()).toBe(0);
    expect((await db.collection('users').findOne({ _id }))?.displayName).toBe(named?.displayName);
  });

  /** Reads the events stream until an event of `subject` about `entityId` shows up. */
  async function findEvent(subject: string, entityId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const info = await jsm.streams.info(EVENTS_STREAM).catch(() => null);
      for (let seq = info?.state.first_seq ?? 1; info && seq <= info.state.last_seq; seq += 1) {
        const message = await jsm.streams.getMessage(EVENTS_STREAM, { seq });
        if (message?.subject !== subject) continue;
        const event = message.json<Record<string, unknown>>();
        if (event.entityId === entityId) return event;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no ${subject} event for ${entityId}`);
  }
});
