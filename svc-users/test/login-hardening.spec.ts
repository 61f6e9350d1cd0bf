import { DEADLINE_HEADER, DEADLINE_PASSED_MESSAGE, INVALID_CREDENTIALS_MESSAGE, type PublicUser, USERS_PATTERNS } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { headers } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import { NatsRecordBuilder } from '@nestjs/microservices';
import mongoose from 'mongoose';
import type { UsersConfig } from '../src/config/users-config.js';
import { startUsersService, suiteConfig, UsersCaller } from './support/users-service.js';

/*
 * Issue 6, findings 2 and 3 at svc-users: logins look accounts up without scanning the collection,
 * and work whose deadline has passed is refused without writing anything.
 */
describe('svc-users under attack', () => {
  let infra: TestInfra;
  let config: UsersConfig;
  let service: INestMicroservice;
  let users: UsersCaller;
  let db: mongoose.Connection;
  const queries: Array<{ collection: string; method: string; filter: unknown }> = [];

  beforeAll(async () => {
    infra = await startTestInfra();
    config = suiteConfig(infra, uniqueDatabaseName('svc_users_attack'));
    service = await startUsersService(config);
    users = new UsersCaller(infra.natsUrl);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();
  });

  afterAll(async () => {
    mongoose.set('debug', false);
    await users?.close();
    await service?.close();
    await db?.close();
    await infra?.stop();
  });

  it('logs in (and refuses an unknown e-mail) with lookups by id only, never a scan by e-mail', async () => {
    const account = { email: `known.${Date.now()}@example.com`, password: 'secret-password', skill: 'beginner' };
    const registered = await users.send<PublicUser>(USERS_PATTERNS.register, account);
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => queries.push({ collection, method, filter }));
    try {
      expect((await users.send<PublicUser>(USERS_PATTERNS.verifyCredentials, { email: account.email.toUpperCase(), password: account.password }))._id).toBe(registered._id);
      for (const attempt of [
        { email: account.email, password: 'wrong-password' },
        { email: `nobody.${Date.now()}@example.com`, password: 'wrong-password' },
      ]) {
        expect(await users.refusal(USERS_PATTERNS.verifyCredentials, attempt)).toEqual({ statusCode: 400, message: INVALID_CREDENTIALS_MESSAGE });
      }
    } finally {
      mongoose.set('debug', false);
    }
    const onUsers = queries.filter((query) => query.collection === 'users');
    // One lookup per login, unknown e-mails included (the same cost as a wrong password), each by _id.
    expect(onUsers).toHaveLength(3);
    for (const query of onUsers) expect(Object.keys(query.filter as object)).toEqual(['_id']);
  });

  it('refuses a registration whose deadline has passed, and writes nothing', async () => {
    const email = `late.${Date.now()}@example.com`;
    const late = headers();
    late.set(DEADLINE_HEADER, String(Date.now() - 1));
    const record = new NatsRecordBuilder({ email, password: 'secret-password', skill: 'beginner' }).setHeaders(late).build();
    expect(await users.refusal(USERS_PATTERNS.register, record)).toEqual({ statusCode: 503, message: DEADLINE_PASSED_MESSAGE });
    expect(await db.collection('users').countDocuments({ email })).toBe(0);
  });

  it('knows accounts another instance created, through its events', async () => {
    const other = await startUsersService(config);
    try {
      const account = { email: `elsewhere.${Date.now()}@example.com`, password: 'secret-password' };
      await users.send(USERS_PATTERNS.register, { ...account, skill: 'beginner' });
      // Either instance may answer each login (one queue group): every one must know the account.
      const deadline = Date.now() + 10_000;
      let answered = 0;
      while (answered < 6) {
        const outcome = await users.send<PublicUser>(USERS_PATTERNS.verifyCredentials, account).then(
          () => true,
          () => false,
        );
        if (outcome) answered += 1;
        else if (Date.now() > deadline) throw new Error('an instance never learned of the new account');
      }
      expect(answered).toBe(6);
    } finally {
      await other.close();
    }
  });
});
