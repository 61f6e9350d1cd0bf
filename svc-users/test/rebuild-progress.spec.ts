import { type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { rebuildProgressCommand } from '../src/progress/rebuild-progress.command.js';
import { type ProgressSuite, startProgressSuite } from './support/progress-suite.js';

const oid = () => new mongoose.Types.ObjectId();

describe('npm run rebuild-progress, against real FerretDB and NATS', () => {
  let suite: ProgressSuite;
  let env: Record<string, string>;

  const users = { send: <T>(pattern: string, payload: unknown) => suite.users.send<T>(pattern, payload) };
  const state = () => suite.content.state;
  const db = { collection: (name: string) => suite.db.collection(name) };
  const profile = (userId: string) => users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId });

  async function run(): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await rebuildProgressCommand([], env, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  beforeAll(async () => {
    suite = await startProgressSuite('svc_users_rebuild');
    // The command runs as svc-users' bus user, as it would beside `npm start`.
    env = { MONGO_URL: suite.infra.mongoUrl, MONGO_DB: suite.config.mongoDb, NATS_URL: suite.infra.natsUrlAs('svc-users'), LOG_LEVEL: 'warn' };
  });

  afterAll(async () => {
    await suite?.close();
  });

  it('freshens renamed copies, removes copies of deleted content, rewrites the holders, and running services show it at once', async () => {
    const user = await users.send<PublicUser>(USERS_PATTERNS.register, { email: 'away@example.com', password: 'secret-one', skill: 'beginner' });
    const [courseId, renamed, deleted, edited, goneTutorial, keptTutorial, goneQuestion] = [oid(), oid(), oid(), oid(), oid(), oid(), oid()];
    const card = (_id: mongoose.Types.ObjectId, question: string) => ({ _id, topic: 'sql', question, answer: 'Old.', due: new Date(), stability: 0, difficulty: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0, state: 0, lastReview: null, version: 0 });
    // What svc-content has now: events about these changes were never seen by svc-users.
    state().projects.set(renamed.toHexString(), { _id: renamed.toHexString(), title: 'New title', difficulty: 'professional', courseId: courseId.toHexString() });
    state().questions.set(edited.toHexString(), { _id: edited.toHexString(), topic: 'nosql', question: 'Edited?', answer: 'Edited.' });
    state().tutorials.set(keptTutorial.toHexString(), { _id: keptTutorial.toHexString(), title: 'Kept', courseId: courseId.toHexString() });
    // What svc-users still holds, as older code or a long outage left it (no holders recorded).
    await db.collection('users').updateOne(
      { _id: new mongoose.Types.ObjectId(user._id) },
      {
        $set: {
          finishedProject: [
            { _id: renamed, title: 'Old title', difficulty: 'beginner', courseId },
            { _id: deleted, title: 'Deleted', difficulty: 'beginner', courseId },
          ],
          savedQuestion: [{ _id: edited, topic: 'sql', question: 'Old?', answer: 'Old.' }],
          // Review cards hold questions too (issue 34): one of them only as a card.
          reviewCard: [card(edited, 'Old?'), card(goneQuestion, 'Gone?')],
          readTutorial: [
            { _id: goneTutorial, courseId },
            { _id: keptTutorial, courseId },
          ],
        },
      },
    );
    await profile(user._id); // cached now

    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('Read 1 users; 1 changed.');

    expect(await profile(user._id)).toEqual({
      ...user,
      finishedProject: [{ _id: renamed.toHexString(), title: 'New title', difficulty: 'professional', courseId: courseId.toHexString() }],
      savedQuestion: [{ _id: edited.toHexString(), topic: 'nosql', question: 'Edited?', answer: 'Edited.' }],
      readTutorial: [{ _id: keptTutorial.toHexString(), courseId: courseId.toHexString() }],
      labEngine: 'postgres',
    });
    const holders = db.collection('snapshot_holders');
    expect(await holders.findOne({ _id: renamed })).toMatchObject({ kind: 'project', userIds: [new mongoose.Types.ObjectId(user._id)], deleted: false });
    expect(await holders.findOne({ _id: deleted })).toMatchObject({ deleted: true });
    expect(await holders.findOne({ _id: goneTutorial })).toMatchObject({ kind: 'tutorial', deleted: true });
    expect(await holders.findOne({ _id: goneQuestion })).toMatchObject({ deleted: true });
    const stored = await db.collection('users').findOne({ _id: new mongoose.Types.ObjectId(user._id) });
    expect(stored?.reviewCard).toEqual([expect.objectContaining({ _id: edited, topic: 'nosql', question: 'Edited?', answer: 'Edited.', version: 0 })]);

    // Run again: nothing left to change.
    expect((await run()).out.join('\n')).toContain('Read 1 users; 0 changed.');
  });

  it('changes nothing and exits 1 when svc-content does not answer', async () => {
    const user = await users.send<PublicUser>(USERS_PATTERNS.register, { email: 'stale@example.com', password: 'secret-one', skill: 'beginner' });
    const project = oid();
    await db.collection('users').updateOne(
      { _id: new mongoose.Types.ObjectId(user._id) },
      { $set: { finishedProject: [{ _id: project, title: 'Still here?', difficulty: 'beginner', courseId: null }] } },
    );
    await suite.withoutContent(async () => {
      const { code, err } = await run();
      expect(code).toBe(1);
      expect(err.join('\n')).toContain('The content service is unavailable.');
      expect((await profile(user._id)).finishedProject).toEqual([{ _id: project.toHexString(), title: 'Still here?', difficulty: 'beginner', courseId: null }]);
    });
  });

  it('explains itself with --help and refuses unknown options', async () => {
    const help: string[] = [];
    expect(await rebuildProgressCommand(['--help'], env, { out: (line) => help.push(line), err: () => undefined })).toBe(0);
    expect(help.join('\n')).toContain('npm run rebuild-progress -w svc-users');
    expect(await rebuildProgressCommand(['--everything'], env, { out: () => undefined, err: () => undefined })).toBe(2);
  });
});
