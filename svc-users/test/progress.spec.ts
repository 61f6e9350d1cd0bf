import { type CourseItemDeletedEvent, type PublicUser, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { DocumentLocks, DocumentStore, WriteClaim } from '@dblearn/nest-common';
import { filtersBeyondId, recordFilters } from '@dblearn/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { getModelToken } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { ProgressEvents } from '../src/progress/progress-events.js';
import { putEntry } from '../src/progress/progress-lists.js';
import { UserProgress } from '../src/progress/user-progress.js';
import { User } from '../src/users/users.schema.js';
import { type ProgressSuite, startProgressSuite } from './support/progress-suite.js';

const newId = () => new mongoose.Types.ObjectId().toHexString();
const eventMeta = () => ({ eventId: newId(), occurredAt: new Date().toISOString() });

describe('finished projects, saved questions and read tutorials, against real FerretDB and NATS', () => {
  let suite: ProgressSuite;
  let counter = 0;

  const users = { send: <T>(pattern: string, payload: unknown) => suite.users.send<T>(pattern, payload), refusal: (pattern: string, payload: unknown) => suite.users.refusal(pattern, payload) };
  const content = { get state() { return suite.content.state; } };
  const call = (pattern: string, userId: string, id: string) => users.send<UserProfile>(pattern, { id: userId, body: { id } });
  const finish = (userId: string, id: string) => call(USERS_PATTERNS.finishProject, userId, id);
  const unfinish = (userId: string, id: string) => call(USERS_PATTERNS.unfinishProject, userId, id);
  const save = (userId: string, id: string) => call(USERS_PATTERNS.saveQuestion, userId, id);
  const unsave = (userId: string, id: string) => call(USERS_PATTERNS.unsaveQuestion, userId, id);
  const read = (userId: string, id: string) => call(USERS_PATTERNS.readTutorial, userId, id);
  const profile = (userId: string) => users.send<UserProfile>(USERS_PATTERNS.findProfile, { userId });
  const events = () => suite.service.get(ProgressEvents);
  const stored = (userId: string) => suite.db.collection('users').findOne({ _id: new mongoose.Types.ObjectId(userId) });

  async function learner(): Promise<PublicUser> {
    counter += 1;
    return users.send<PublicUser>(USERS_PATTERNS.register, { email: `learner${counter}@example.com`, password: 'secret-one', skill: 'beginner' });
  }

  function addProject(title = 'Library schema', courseId: string | null = newId()) {
    const project = { _id: newId(), title, difficulty: 'beginner' as const, courseId, contents: [{ _id: newId(), header: 'Task', detail: 'Do it.' }] };
    content.state.projects.set(project._id, project);
    return project;
  }

  function addQuestion(question = 'What is a join?') {
    const item = { _id: newId(), topic: 'sql' as const, question, answer: 'It combines rows of two tables.' };
    content.state.questions.set(item._id, item);
    return item;
  }

  function addTutorial(courseId: string | null = newId()) {
    const tutorial = { _id: newId(), title: 'SELECT basics', courseId, contents: [] };
    content.state.tutorials.set(tutorial._id, tutorial);
    return tutorial;
  }

  const projectEntry = ({ _id, title, difficulty, courseId }: UserProfile['finishedProject'][number]) => ({ _id, title, difficulty, courseId });
  const itemDeleted = (item: { _id: string; courseId: string | null }): CourseItemDeletedEvent => ({ ...eventMeta(), entityId: item._id, courseId: item.courseId });

  beforeAll(async () => {
    // Each part connects as its own bus user, so the permission table is part of what is tested.
    suite = await startProgressSuite('svc_users_progress');
  });

  afterAll(async () => {
    await suite?.close();
  });

  beforeEach(() => {
    content.state.calls.length = 0;
  });

  describe('finishing a project', () => {
    it('copies {_id, title, difficulty, courseId} into the user and answers the whole profile', async () => {
      const user = await learner();
      const project = addProject();
      const answer = await finish(user._id, project._id);
      expect(answer).toEqual({ ...user, savedQuestion: [], finishedProject: [projectEntry(project)], readTutorial: [], labEngine: 'postgres' });
      expect(await profile(user._id)).toEqual(answer);
    });

    it('is idempotent: finishing twice keeps one copy and writes nothing the second time', async () => {
      const user = await learner();
      const project = addProject();
      await finish(user._id, project._id);
      const rev = (await stored(user._id))?.snapshotRev;
      const again = await finish(user._id, project._id);
      expect(again.finishedProject).toEqual([projectEntry(project)]);
      expect((await stored(user._id))?.snapshotRev).toBe(rev);
    });

    it('keeps every one of many finishes sent at once (no lost update), and one copy of a double click', async () => {
      const user = await learner();
      const projects = Array.from({ length: 8 }, (_, index) => addProject(`Parallel ${index}`));
      await Promise.all([...projects.map((project) => finish(user._id, project._id)), finish(user._id, projects[0]!._id)]);
      const finished = (await profile(user._id)).finishedProject;
      expect(finished.map((item) => item._id).sort()).toEqual(projects.map((project) => project._id).sort());
    });

    it('answers 409 naming the checks left for a checked project not yet passed, and records it once they are passed', async () => {
      const user = await learner();
      const project = addProject('Checked report');
      content.state.checksLeft.set(project._id, [
        { _id: newId(), task: 'List every member with the books they have out.' },
        { _id: newId(), task: 'Count the loans per city.' },
      ]);
      const refusal = await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: project._id } });
      expect(refusal).toEqual({
        statusCode: 409,
        message: 'Pass every check of this project before finishing it: 2 checks are left: “List every member with the books they have out.”, “Count the loans per city.”',
      });
      expect((await profile(user._id)).finishedProject).toEqual([]);
      content.state.checksLeft.set(project._id, []);
      expect((await finish(user._id, project._id)).finishedProject).toEqual([projectEntry(project)]);
    });

    it('answers 404 for a project that does not exist, and changes nothing', async () => {
      const user = await learner();
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: newId() } })).toEqual({ statusCode: 404, message: 'Project not found.' });
      expect((await profile(user._id)).finishedProject).toEqual([]);
    });

    it('answers 404 for a user that does not exist', async () => {
      const project = addProject();
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: newId(), body: { id: project._id } })).toEqual({ statusCode: 404, message: 'User not found.' });
    });

    it('answers 400 for a malformed id without asking svc-content', async () => {
      const user = await learner();
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: 'not-an-id' } })).toEqual({ statusCode: 400, message: ['id must be a valid id.'] });
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: 'me', body: { id: newId() } })).toEqual({ statusCode: 400, message: ['userId must be a valid id.'] });
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: { $ne: null } } })).toMatchObject({ statusCode: 400 });
      expect(content.state.calls).toEqual([]);
    });

    it('unmarks, idempotently, even a project that no longer exists', async () => {
      const user = await learner();
      const kept = addProject('Kept');
      const dropped = addProject('Dropped');
      await finish(user._id, kept._id);
      await finish(user._id, dropped._id);
      content.state.projects.delete(dropped._id);
      expect((await unfinish(user._id, dropped._id)).finishedProject).toEqual([projectEntry(kept)]);
      expect((await unfinish(user._id, dropped._id)).finishedProject).toEqual([projectEntry(kept)]);
    });
  });

  describe('saving questions and reading tutorials', () => {
    it('saves {_id, topic, question, answer}, never twice, and unsaves', async () => {
      const user = await learner();
      const first = addQuestion('What is a join?');
      const second = addQuestion('What is 3NF?');
      await save(user._id, first._id);
      await save(user._id, second._id);
      const saved = await save(user._id, first._id);
      expect(saved.savedQuestion).toEqual([first, second]);
      expect((await unsave(user._id, first._id)).savedQuestion).toEqual([second]);
      expect((await unsave(user._id, first._id)).savedQuestion).toEqual([second]);
    });

    it('records a tutorial read once, with its course', async () => {
      const user = await learner();
      const tutorial = addTutorial();
      await read(user._id, tutorial._id);
      expect((await read(user._id, tutorial._id)).readTutorial).toEqual([{ _id: tutorial._id, courseId: tutorial.courseId }]);
    });

    it('answers 404 for an unknown question or tutorial', async () => {
      const user = await learner();
      expect(await users.refusal(USERS_PATTERNS.saveQuestion, { id: user._id, body: { id: newId() } })).toEqual({ statusCode: 404, message: 'Interview question not found.' });
      expect(await users.refusal(USERS_PATTERNS.readTutorial, { id: user._id, body: { id: newId() } })).toEqual({ statusCode: 404, message: 'Tutorial not found.' });
      expect(await profile(user._id)).toMatchObject({ savedQuestion: [], readTutorial: [] });
    });
  });

  describe('on FerretDB, by `_id` alone', () => {
    it('every progress write and event reaches users, snapshot_holders and the write claims by `_id` alone: FerretDB scans the collection for any other filter', async () => {
      const user = await learner();
      const project = addProject('By id');
      const question = addQuestion();
      const tutorial = addTutorial();
      const sent = await recordFilters(mongoose, ['users', 'snapshot_holders', 'write_claims'], async () => {
        await finish(user._id, project._id);
        await save(user._id, question._id);
        await read(user._id, tutorial._id);
        await events().projectUpdated({ ...eventMeta(), entityId: project._id, title: 'By id, renamed', difficulty: 'beginner', courseId: project.courseId });
        await unsave(user._id, question._id);
        await events().tutorialDeleted(itemDeleted(tutorial));
      });
      const users = sent.filter(({ collection }) => collection === 'users');
      expect(users.map(({ method }) => method)).toEqual(expect.arrayContaining(['findOne', 'updateOne']));
      // Six writes, and saving the question adds its review card (issue 34).
      expect(users.filter(({ method }) => method === 'updateOne')).toHaveLength(7);
      expect(sent.filter(({ collection, method }) => collection === 'write_claims' && method === 'deleteOne').length).toBeGreaterThanOrEqual(6);
      expect(filtersBeyondId(sent)).toEqual([]);
    });

    it('applies a change again when a write outside the claim lands on top of it (each write is read back by `_id`)', async () => {
      const user = await learner();
      const [mine, theirs] = [addProject('Mine'), addProject('Theirs')];
      const model = suite.service.get<Model<User>>(getModelToken(User.name));
      // A writer that takes no claim (an old instance, a lease taken over) read the empty list before this write and writes right after it.
      let interfered = false;
      const racing = new Proxy(model, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown;
          if (key !== 'updateOne') return typeof value === 'function' ? value.bind(target) : value;
          return (...args: Parameters<Model<User>['updateOne']>) => ({
            exec: async () => {
              const result = await target.updateOne(...args).exec();
              if (!interfered) {
                interfered = true;
                await target.updateOne({ _id: user._id }, { $set: { finishedProject: [projectEntry(theirs)] } }).exec();
              }
              return result;
            },
          });
        },
      });
      const lists = new UserProgress(new DocumentStore(racing, null, suite.service.get(DocumentLocks), 'processes'), { changed: () => undefined });
      expect(await lists.change(user._id, 'project', (list) => putEntry(list, projectEntry(mine)))).toBe('changed');
      expect(interfered).toBe(true);
      expect((await profile(user._id)).finishedProject).toEqual([projectEntry(theirs), projectEntry(mine)]);
    });

    it('keeps every change when two processes write one user at once (the claim lets one through at a time)', async () => {
      const user = await learner();
      const model = suite.service.get<Model<User>>(getModelToken(User.name));
      const claimModel = suite.service.get<Model<WriteClaim>>(getModelToken(WriteClaim.name));
      // Each with its own in-process queue and claims, as two svc-users instances (or an instance and the rebuild command) are.
      const processes = [0, 1].map(() => new UserProgress(new DocumentStore(model, null, new DocumentLocks(claimModel), 'processes'), { changed: () => undefined }));
      const projects = Array.from({ length: 10 }, (_, index) => addProject(`Two processes ${index}`));
      const outcomes = await Promise.all(projects.map((project, index) => processes[index % 2]!.change(user._id, 'project', (list) => putEntry(list, projectEntry(project)))));
      expect(outcomes).toEqual(projects.map(() => 'changed'));
      expect((await stored(user._id))?.finishedProject.map((item: { _id: unknown }) => String(item._id)).sort()).toEqual(projects.map((project) => project._id).sort());
      expect(await suite.db.collection('write_claims').countDocuments()).toBe(0);
    });

    it('takes over a claim left by a process that died mid-write once its lease has ended', async () => {
      const user = await learner();
      const project = addProject('After a crash');
      await suite.db.collection('write_claims').insertOne({ _id: new mongoose.Types.ObjectId(user._id), until: new Date(Date.now() - 1) });
      expect((await finish(user._id, project._id)).finishedProject).toEqual([projectEntry(project)]);
      expect(await suite.db.collection('write_claims').countDocuments()).toBe(0);
    });
  });

  describe('content events keep the copies fresh', () => {
    it('a renamed project shows its new title to every user who finished it, and only to them', async () => {
      const [ana, ben, cid] = [await learner(), await learner(), await learner()];
      const project = addProject('Old title');
      await finish(ana._id, project._id);
      await finish(ben._id, project._id);
      await finish(cid._id, project._id);
      await unfinish(cid._id, project._id);
      await profile(ana._id); // cached now: the event must evict it

      const renamed = { ...project, title: 'New title', difficulty: 'professional' as const };
      content.state.projects.set(project._id, renamed);
      await events().projectUpdated({ ...eventMeta(), entityId: project._id, title: 'New title', difficulty: 'professional', courseId: project.courseId });

      expect((await profile(ana._id)).finishedProject).toEqual([projectEntry(renamed)]);
      expect((await profile(ben._id)).finishedProject).toEqual([projectEntry(renamed)]);
      expect((await profile(cid._id)).finishedProject).toEqual([]);
    });

    it('an edited question shows the edit in the saved list', async () => {
      const user = await learner();
      const question = addQuestion('Old wording?');
      await save(user._id, question._id);
      await events().interviewUpdated({ ...eventMeta(), entityId: question._id, topic: 'rm', question: 'New wording?', answer: 'New answer.' });
      expect((await profile(user._id)).savedQuestion).toEqual([{ _id: question._id, topic: 'rm', question: 'New wording?', answer: 'New answer.' }]);
    });

    it('a deleted project, tutorial or question leaves every list, and a redelivered delete changes nothing', async () => {
      const user = await learner();
      const [project, other] = [addProject('Deleted'), addProject('Stays')];
      const question = addQuestion();
      const tutorial = addTutorial();
      await finish(user._id, project._id);
      await finish(user._id, other._id);
      await save(user._id, question._id);
      await read(user._id, tutorial._id);

      const deleteProject = itemDeleted(project);
      await events().projectDeleted(deleteProject);
      await events().interviewDeleted({ ...eventMeta(), entityId: question._id });
      await events().tutorialDeleted(itemDeleted(tutorial));
      const after = await profile(user._id);
      expect(after).toMatchObject({ finishedProject: [projectEntry(other)], savedQuestion: [], readTutorial: [] });

      const rev = (await stored(user._id))?.snapshotRev;
      await events().projectDeleted(deleteProject);
      expect((await stored(user._id))?.snapshotRev).toBe(rev);
    });

    it("a deleted course takes its projects' and tutorials' copies with it, in one write per user", async () => {
      const user = await learner();
      const courseId = newId();
      const projects = [addProject('P1', courseId), addProject('P2', courseId)];
      const tutorials = [addTutorial(courseId), addTutorial(courseId)];
      const elsewhere = addProject('Other course');
      for (const project of [...projects, elsewhere]) await finish(user._id, project._id);
      for (const tutorial of tutorials) await read(user._id, tutorial._id);
      const rev = (await stored(user._id))?.snapshotRev as number;

      await events().courseDeleted({ ...eventMeta(), entityId: courseId, projectIds: projects.map((p) => p._id), tutorialIds: tutorials.map((t) => t._id) });
      expect(await profile(user._id)).toMatchObject({ finishedProject: [projectEntry(elsewhere)], readTutorial: [] });
      expect((await stored(user._id))?.snapshotRev).toBe(rev + 2);
    });

    it('a project deleted while a user was finishing it does not stay in their list', async () => {
      const user = await learner();
      const project = addProject('Deleted mid-request');
      // svc-content answers the first find, then the project is gone; the delete event came first.
      content.state.vanishAfterOneFind.add(project._id);
      await events().projectDeleted(itemDeleted(project));
      expect(await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: project._id } })).toEqual({ statusCode: 404, message: 'Project not found.' });
      expect((await profile(user._id)).finishedProject).toEqual([]);
    });

    it('a project renamed while a user was finishing it ends with the new title (the event came before the copy)', async () => {
      const [ana, ben] = [await learner(), await learner()];
      const project = addProject('Old title');
      await finish(ana._id, project._id); // so the entity has holders and events before this request
      const renamed = { ...project, title: 'Renamed mid-request' };
      // svc-content answers the old version, and the rename and its event land before the copy is written.
      content.state.beforeAnswer.set(project._id, async () => {
        content.state.projects.set(project._id, renamed);
        await events().projectUpdated({ ...eventMeta(), entityId: project._id, title: renamed.title, difficulty: renamed.difficulty, courseId: project.courseId });
      });
      expect((await finish(ben._id, project._id)).finishedProject).toEqual([projectEntry(renamed)]);
      expect((await profile(ana._id)).finishedProject).toEqual([projectEntry(renamed)]);
    });

    it('a project deleted and then imported again under its id can be finished again', async () => {
      const user = await learner();
      const project = addProject('Re-imported');
      await events().projectDeleted(itemDeleted(project));
      expect((await finish(user._id, project._id)).finishedProject).toEqual([projectEntry(project)]);
      await events().projectUpdated({ ...eventMeta(), entityId: project._id, title: 'Renamed after import', difficulty: 'beginner', courseId: project.courseId });
      expect((await profile(user._id)).finishedProject[0]?.title).toBe('Renamed after import');
    });
  });

  describe('when svc-content is down', () => {
    it('finishing answers 503 naming the content service, and unmarking still works', async () => {
      const user = await learner();
      const project = addProject();
      await finish(user._id, project._id);
      const unknownToUsers = addProject();
      await suite.withoutContent(async () => {
        expect(await users.refusal(USERS_PATTERNS.finishProject, { id: user._id, body: { id: unknownToUsers._id } })).toEqual({
          statusCode: 503,
          message: 'The content service is unavailable. Try again shortly.',
        });
        expect((await unfinish(user._id, project._id)).finishedProject).toEqual([]);
      });
    });
  });
});
