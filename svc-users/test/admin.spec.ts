import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INVALID_CREDENTIALS_MESSAGE, type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import { grantAdminCommand } from '../src/admin/grant-admin.command.js';
import { RecordingLogger, startUsersService, suiteConfig, UsersCaller } from './support/users-service.js';

const ADMIN_PASSWORD = 'admin-pass-1';

describe('admins: created or promoted at start, granted by the command-line task', () => {
  let infra: TestInfra;
  let mongoDb: string;
  let users: UsersCaller;
  let db: mongoose.Connection;
  let service: INestMicroservice | null = null;

  const login = (email: string, password: string) => users.send<PublicUser>(USERS_PATTERNS.verifyCredentials, { email, password });
  const storedHash = async (email: string) => (await db.collection('users').findOne({ email }))?.passwordHash as string | undefined;

  async function start(env: Record<string, string> = {}): Promise<RecordingLogger> {
    const logger = new RecordingLogger();
    service = await startUsersService(suiteConfig(infra, mongoDb, env), logger);
    return logger;
  }

  beforeAll(async () => {
    infra = await startTestInfra();
    mongoDb = uniqueDatabaseName('svc_users_admin');
    users = new UsersCaller(infra.natsUrl);
    db = await mongoose.createConnection(infra.mongoUrl, { dbName: mongoDb }).asPromise();
  });

  afterEach(async () => {
    await service?.close();
    service = null;
  });

  afterAll(async () => {
    await users?.close();
    await db?.close();
    await infra?.stop();
  });

  describe('at start, from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    it('creates the admin (skill professional) and never logs the password', async () => {
      const logger = await start({ ADMIN_EMAIL: 'Root@DBLearn.io', ADMIN_PASSWORD });
      expect(await login('root@dblearn.io', ADMIN_PASSWORD)).toEqual({
        _id: expect.any(String),
        email: 'root@dblearn.io',
        displayName: expect.stringMatching(/^learner-\d{4,}$/),
        skill: 'professional',
        isAdmin: true,
      });
      expect(logger.lines).toContainEqual(expect.stringContaining('Admin root@dblearn.io created.'));
      expect(logger.lines.join('\n')).not.toContain(ADMIN_PASSWORD);
    });

    it('changes nothing when started again with the same settings', async () => {
      const before = await storedHash('root@dblearn.io');
      const logger = await start({ ADMIN_EMAIL: 'root@dblearn.io', ADMIN_PASSWORD });
      expect(await storedHash('root@dblearn.io')).toBe(before);
      expect(await db.collection('users').countDocuments({ email: 'root@dblearn.io' })).toBe(1);
      expect(logger.lines).toContainEqual(expect.stringContaining('Admin root@dblearn.io is ready.'));
    });

    it('promotes an existing learner and gives the account ADMIN_PASSWORD', async () => {
      await start();
      const learner = await users.send<PublicUser>(USERS_PATTERNS.register, { email: 'lead@example.com', password: 'learner-pass', skill: 'beginner' });
      expect(learner.isAdmin).toBe(false);
      await service?.close();

      const logger = await start({ ADMIN_EMAIL: 'LEAD@example.com', ADMIN_PASSWORD });
      expect(await login('lead@example.com', ADMIN_PASSWORD)).toEqual({ ...learner, isAdmin: true });
      expect(await users.refusal(USERS_PATTERNS.verifyCredentials, { email: 'lead@example.com', password: 'learner-pass' })).toEqual({
        statusCode: 400,
        message: INVALID_CREDENTIALS_MESSAGE,
      });
      expect(logger.lines).toContainEqual(expect.stringContaining('Existing user lead@example.com promoted to admin'));
      expect(logger.lines.join('\n')).not.toContain(ADMIN_PASSWORD);
    });
  });

  describe('npm run grant-admin -w svc-users -- <email>', () => {
    // A DATA_DIR with no nats-auth.conf: the repository's .data (a developer's `npm start`) holds another server's bus passwords.
    const env = () => ({ MONGO_URL: infra.mongoUrl, MONGO_DB: mongoDb, NATS_URL: infra.natsUrl, DATA_DIR: join(tmpdir(), 'dblearn-admin-spec-no-data') });

    function run(argv: string[]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = grantAdminCommand(argv, env(), { out: (line) => out.push(line), err: (line) => err.push(line) });
      return code.then((exitCode) => ({ exitCode, out: out.join('\n'), err: err.join('\n') }));
    }

    it('grants admin to an existing user (any letter case) and can take it back', async () => {
      await start();
      await users.send(USERS_PATTERNS.register, { email: 'helper@example.com', password: 'helper-pass', skill: 'intermediate' });

      expect(await run(['Helper@Example.com'])).toEqual({ exitCode: 0, out: 'helper@example.com is now an admin.', err: '' });
      expect((await login('helper@example.com', 'helper-pass')).isAdmin).toBe(true);
      expect(await run(['helper@example.com'])).toMatchObject({ exitCode: 0, out: 'helper@example.com was already an admin.' });

      expect(await run(['helper@example.com', '--revoke'])).toEqual({ exitCode: 0, out: 'helper@example.com is no longer an admin.', err: '' });
      expect((await login('helper@example.com', 'helper-pass')).isAdmin).toBe(false);
    });

    it('is seen at once by a running service that had the profile cached', async () => {
      await start();
      const user = await users.send<PublicUser>(USERS_PATTERNS.register, { email: 'cached@example.com', password: 'cached-pass', skill: 'beginner' });
      const profile = () => users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId: user._id });
      expect((await profile()).isAdmin).toBe(false);

      expect((await run(['cached@example.com'])).exitCode).toBe(0);
      // Far sooner than the cache's 30 s: the task announced the change over NATS.
      const deadline = Date.now() + 2_000;
      while (!(await profile()).isAdmin && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await profile()).isAdmin).toBe(true);
    });

    it('keeps the admin roster (users.admins) in memory: the bootstrap admin, then a grant and a revoke, with no pending event left behind', async () => {
      await start({ ADMIN_EMAIL: 'roster-root@example.com', ADMIN_PASSWORD });
      const root = await login('roster-root@example.com', ADMIN_PASSWORD);
      const roster = async () => (await users.send<{ adminIds: string[] }>(USERS_PATTERNS.listAdmins, {})).adminIds;
      expect(await roster()).toContain(root._id);
      const helper = await users.send<PublicUser>(USERS_PATTERNS.register, { email: 'roster-helper@example.com', password: 'helper-pass', skill: 'beginner' });
      expect(await roster()).not.toContain(helper._id);

      expect((await run(['roster-helper@example.com'])).exitCode).toBe(0);
      const until = Date.now() + 1_000;
      while (!(await roster()).includes(helper._id) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await roster()).toContain(helper._id);
      expect((await run(['roster-helper@example.com', '--revoke'])).exitCode).toBe(0);
      const revokedBy = Date.now() + 1_000;
      while ((await roster()).includes(helper._id) && Date.now() < revokedBy) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await roster()).not.toContain(helper._id);
      // Published at once, so nothing is left for the relay to send again later.
      expect((await db.collection('users').findOne({ email: 'roster-helper@example.com' }))?.pendingEvents ?? []).toEqual([]);
    });

    it('exits 1 with a clear message when no such user exists', async () => {
      expect(await run(['ghost@example.com'])).toEqual({
        exitCode: 1,
        out: '',
        err: `No user with the e-mail ghost@example.com in database ${mongoDb}. They must register first.`,
      });
      expect(await db.collection('users').countDocuments({ email: 'ghost@example.com' })).toBe(0);
    });

    it('exits 2 and shows how to use it when the e-mail is missing', async () => {
      const result = await run([]);
      expect(result.exitCode).toBe(2);
      expect(result.err).toContain('Usage: npm run grant-admin -w svc-users -- <email> [--revoke]');
    });
  });
});
