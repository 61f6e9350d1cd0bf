import {
  EMAIL_TAKEN_MESSAGE,
  EVENT_SUBJECTS,
  EVENTS_STREAM,
  INVALID_CREDENTIALS_MESSAGE,
  type PublicUser,
  type UserProfile,
  type UserRegisteredEvent,
  USERS_PATTERNS,
} from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import type { UsersConfig } from '../src/config/users-config.js';
import { startUsersService, suiteConfig, UsersCaller } from './support/users-service.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;

describe('svc-users over NATS, against real FerretDB and NATS', () => {
  let infra: TestInfra;
  let config: UsersConfig;
  let service: INestMicroservice;
  let users: UsersCaller;
  let db: mongoose.Connection;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  const register = (payload: unknown) => users.send<PublicUser>(USERS_PATTERNS.register, payload);
  const login = (payload: unknown) => users.send<PublicUser>(USERS_PATTERNS.verifyCredentials, payload);
  const profile = (userId: string) => users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId });
  const accounts = () => db.collection('users');

  beforeAll(async () => {
    infra = await startTestInfra();
    config = suiteConfig(infra, uniqueDatabaseName('svc_users'));
    service = await startUsersService(config);
    users = new UsersCaller(infra.natsUrl);
    // Read-only looks at what was stored, to prove what the replies cannot show.
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

  it('answers users.health', async () => {
    expect(await users.send(USERS_PATTERNS.health, {})).toEqual({ status: 'ok' });
  });

  describe('users.register', () => {
    it('creates a learner with a lower-case e-mail and answers without any hash', async () => {
      const user = await register({ email: 'Ana.Lopez@Example.COM', password: 'secret-one', skill: 'intermediate' });
      expect(user).toEqual({ _id: expect.stringMatching(OBJECT_ID), email: 'ana.lopez@example.com', displayName: expect.stringMatching(/^learner-\d{4}$/), skill: 'intermediate', isAdmin: false });
      expect(Object.keys(user).sort()).toEqual(['_id', 'displayName', 'email', 'isAdmin', 'skill']);

      const stored = await accounts().findOne({ email: 'ana.lopez@example.com' });
      expect(stored?.passwordHash).toMatch(/^scrypt\$1024\$8\$3\$/);
      expect(JSON.stringify(user)).not.toContain(stored?.passwordHash);
      expect(stored?.createdAt).toBeInstanceOf(Date);
      expect(stored).toMatchObject({ savedQuestion: [], finishedProject: [], readTutorial: [] });
    });

    it('refuses an e-mail that is taken in any letter case, and changes nothing', async () => {
      await register({ email: 'taken@example.com', password: 'secret-one', skill: 'beginner' });
      expect(await users.refusal(USERS_PATTERNS.register, { email: 'TAKEN@Example.com', password: 'other-pass', skill: 'professional' })).toEqual({
        statusCode: 400,
        message: EMAIL_TAKEN_MESSAGE,
      });
      expect(await accounts().countDocuments({ email: 'taken@example.com' })).toBe(1);
      expect((await login({ email: 'taken@example.com', password: 'secret-one' })).skill).toBe('beginner');
    });

    it('lets exactly one of two racing registrations for one address win', async () => {
      const results = await Promise.allSettled([
        register({ email: 'race@example.com', password: 'secret-one', skill: 'beginner' }),
        register({ email: 'RACE@example.com', password: 'secret-two', skill: 'beginner' }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const [lost] = results.filter((result) => result.status === 'rejected');
      expect((lost as PromiseRejectedResult).reason).toEqual({ statusCode: 400, message: EMAIL_TAKEN_MESSAGE });
      expect(await accounts().countDocuments({ email: 'race@example.com' })).toBe(1);
    });

    it('refuses an operator object where the e-mail belongs', async () => {
      const refusal = await users.refusal(USERS_PATTERNS.register, { email: { $gt: '' }, password: 'secret-one', skill: 'beginner' });
      expect(refusal.statusCode).toBe(400);
      expect(refusal.message).toContain('E-mail must be text.');
    });

    it('refuses unknown fields, so nobody registers as admin', async () => {
      expect(await users.refusal(USERS_PATTERNS.register, { email: 'sneaky@example.com', password: 'secret-one', skill: 'beginner', isAdmin: true })).toEqual({
        statusCode: 400,
        message: ['The field "isAdmin" is not allowed.'],
      });
      expect(await accounts().countDocuments({ email: 'sneaky@example.com' })).toBe(0);
    });

    it('refuses a broken rule with one sentence per rule', async () => {
      const refusal = await users.refusal(USERS_PATTERNS.register, { email: 'short@example.com', password: 'abc', skill: 'guru' });
      expect(refusal).toEqual({
        statusCode: 400,
        message: expect.arrayContaining(['Password must be 5 to 255 characters long.', 'Skill must be one of: Beginner, Intermediate, Professional.']),
      });
    });

    it('records events.users.user.registered, which reaches JetStream', async () => {
      const user = await register({ email: 'evented@example.com', password: 'secret-one', skill: 'professional' });
      const event = await waitForRegisteredEvent(user._id);
      expect(event).toEqual({
        eventId: expect.any(String),
        occurredAt: expect.any(String),
        entityId: user._id,
        email: 'evented@example.com',
        skill: 'professional',
        displayName: user.displayName,
      });
    });
  });

  describe('users.verify-credentials', () => {
    let learner: PublicUser;

    beforeAll(async () => {
      learner = await register({ email: 'login@example.com', password: 'right-password', skill: 'beginner' });
    });

    it('answers the user for the right password, whatever the e-mail letter case', async () => {
      expect(await login({ email: 'LOGIN@example.com', password: 'right-password' })).toEqual(learner);
    });

    it('answers the same 400 for a wrong password and an unknown e-mail', async () => {
      const expected = { statusCode: 400, message: INVALID_CREDENTIALS_MESSAGE };
      expect(await users.refusal(USERS_PATTERNS.verifyCredentials, { email: 'login@example.com', password: 'wrong-password' })).toEqual(expected);
      expect(await users.refusal(USERS_PATTERNS.verifyCredentials, { email: 'nobody@example.com', password: 'right-password' })).toEqual(expected);
    });

    it('refuses an operator object instead of matching any account', async () => {
      const refusal = await users.refusal(USERS_PATTERNS.verifyCredentials, { email: { $gt: '' }, password: 'right-password' });
      expect(refusal.statusCode).toBe(400);
    });
  });

  describe('users.find-profile', () => {
    it('answers the profile with its saved questions and finished projects, and no hash', async () => {
      const user = await register({ email: 'profile@example.com', password: 'secret-one', skill: 'intermediate' });
      const found = await profile(user._id);
      expect(found).toEqual({ ...user, savedQuestion: [], finishedProject: [], readTutorial: [], labEngine: 'postgres' });
      expect(JSON.stringify(found)).not.toMatch(/scrypt|passwordHash|createdAt/);
    });

    it('answers 404 for an account that does not exist and 400 for a malformed id', async () => {
      expect(await users.refusal(USERS_PATTERNS.findProfile, { userId: new mongoose.Types.ObjectId().toHexString() })).toEqual({
        statusCode: 404,
        message: 'User not found.',
      });
      expect(await users.refusal(USERS_PATTERNS.findProfile, { userId: 'me' })).toEqual({ statusCode: 400, message: ['userId must be a valid id.'] });
    });
  });

  it('keeps every account across a restart', async () => {
    const user = await register({ email: 'durable@example.com', password: 'secret-one', skill: 'beginner' });
    await service.close();
    service = await startUsersService(config);
    expect(await login({ email: 'durable@example.com', password: 'secret-one' })).toEqual(user);
    expect(await profile(user._id)).toEqual({ ...user, savedQuestion: [], finishedProject: [], readTutorial: [], labEngine: 'postgres' });
    expect(await users.refusal(USERS_PATTERNS.register, { email: 'durable@example.com', password: 'secret-one', skill: 'beginner' })).toEqual({
      statusCode: 400,
      message: EMAIL_TAKEN_MESSAGE,
    });
  });

  /** Reads the events stream until the registration of this user shows up. */
  async function waitForRegisteredEvent(userId: string): Promise<UserRegisteredEvent> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const info = await jsm.streams.info(EVENTS_STREAM).catch(() => null);
      for (let seq = info?.state.first_seq ?? 1; info && seq <= info.state.last_seq; seq += 1) {
        const message = await jsm.streams.getMessage(EVENTS_STREAM, { seq });
        if (message?.subject !== EVENT_SUBJECTS.userRegistered) continue;
        const event = message.json<UserRegisteredEvent>();
        if (event.entityId === userId) {
          expect(message.header?.get('Nats-Msg-Id')).toBe(event.eventId);
          return event;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${EVENT_SUBJECTS.userRegistered} event for ${userId}`);
  }
});
