import { LAB_ENGINE_MESSAGE } from '@dblearn/contracts/dto';
import { type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { Types } from 'mongoose';
import { startUsersService, suiteConfig, UsersCaller } from './support/users-service.js';

/** Issue 32: the engine a learner's lab runs on, kept on the user document, against real FerretDB and NATS. */
describe('the lab engine preference in svc-users', () => {
  let infra: TestInfra;
  let service: INestMicroservice;
  let users: UsersCaller;
  let mailbox = 0;

  const register = () => users.send<PublicUser>(USERS_PATTERNS.register, { email: `engine${(mailbox += 1)}@example.com`, password: 'secret-one', skill: 'beginner' });
  const profile = (userId: string) => users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId });

  beforeAll(async () => {
    infra = await startTestInfra();
    service = await startUsersService(suiteConfig(infra, uniqueDatabaseName('svc_users_engine')));
    users = new UsersCaller(infra.natsUrl);
  });

  afterAll(async () => {
    await users?.close();
    await service?.close();
    await infra?.stop();
  });

  it('answers postgres until the learner chooses, then the choice, kept across reads', async () => {
    const learner = await register();
    expect((await profile(learner._id)).labEngine).toBe('postgres');
    expect((await users.send<UserProfile>(USERS_PATTERNS.labEngine, { userId: learner._id, labEngine: 'sqlite' })).labEngine).toBe('sqlite');
    expect((await profile(learner._id)).labEngine).toBe('sqlite');
    expect((await users.send<UserProfile>(USERS_PATTERNS.labEngine, { userId: learner._id, labEngine: 'postgres' })).labEngine).toBe('postgres');
    expect((await profile(learner._id)).labEngine).toBe('postgres');
  });

  it('refuses any other engine with 400 and changes nothing; an unknown user is a 404', async () => {
    const learner = await register();
    await users.send<UserProfile>(USERS_PATTERNS.labEngine, { userId: learner._id, labEngine: 'sqlite' });
    for (const labEngine of ['mysql', 'POSTGRES', '', 7, null, { $ne: 'x' }]) {
      expect(await users.refusal(USERS_PATTERNS.labEngine, { userId: learner._id, labEngine })).toEqual({ statusCode: 400, message: [LAB_ENGINE_MESSAGE] });
    }
    expect((await profile(learner._id)).labEngine).toBe('sqlite');
    expect(await users.refusal(USERS_PATTERNS.labEngine, { userId: new Types.ObjectId().toHexString(), labEngine: 'sqlite' })).toMatchObject({ statusCode: 404 });
  });
});
