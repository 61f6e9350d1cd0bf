import { CONTENT_PATTERNS, type PublicUser, ROUTES, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { eventually, NatsCaller, routeCall, ServiceProcess, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import type { UsersConfig } from '../src/config/users-config.js';
import { startUsersService, suiteConfig } from './support/users-service.js';

/*
 * Issues 7 and 8, "kept fresh by a durable consumer", for real: the real svc-content (a child
 * process, as `npm start` runs it) publishes its events through its outbox to JetStream, and
 * svc-users consumes them with its durable consumer; each on the bus as its own user.
 */

const EVENT_WAIT_MS = 20_000;

describe('progress entries follow svc-content through its events', () => {
  let infra: TestInfra;
  let config: UsersConfig;
  let svcContent: ServiceProcess;
  let service: INestMicroservice | null = null;
  let bus: NatsCaller;
  let counter = 0;

  /** A refusal fails the test with its sentence, not an anonymous object. */
  const send = <T>(pattern: string, payload: unknown) =>
    bus.send<T>(pattern, payload).catch((error: unknown) => {
      throw new Error(`${pattern} refused: ${JSON.stringify(error) ?? String(error)}`);
    });
  const profile = (userId: string) => send<UserProfile>(USERS_PATTERNS.findProfile, { userId });
  const until = (userId: string, what: string, holds: (profile: UserProfile) => boolean) =>
    eventually(async () => holds(await profile(userId)), EVENT_WAIT_MS, what);

  async function learner(): Promise<PublicUser> {
    counter += 1;
    return send<PublicUser>(USERS_PATTERNS.register, { email: `follower${counter}@example.com`, password: 'secret-one', skill: 'beginner' });
  }

  const course = () => send<{ _id: string }>(...routeCall(ROUTES.courses.create, { body: { topic: 'sql', name: 'Joins in practice', teacher: 'Ada Lovelace', length: '3 hours' } }));
  const project = (courseId: string, title = 'Library schema') => send<{ _id: string }>(...routeCall(ROUTES.projects.create, { body: { title, difficulty: 'beginner', courseId } }));
  const tutorial = (courseId: string) => send<{ _id: string }>(...routeCall(ROUTES.tutorials.create, { body: { title: 'INNER JOIN', courseId } }));
  const question = () => send<{ _id: string }>(...routeCall(ROUTES.interview.create, { body: { topic: 'sql', question: 'What is a LEFT JOIN?', answer: 'All left rows.' } }));

  beforeAll(async () => {
    infra = await startTestInfra();
    config = suiteConfig(infra, uniqueDatabaseName('svc_users_follow'), { NATS_URL: infra.natsUrlAs('svc-users') });
    svcContent = new ServiceProcess('svc-content', {
      MONGO_URL: infra.mongoUrl,
      MONGO_DB: uniqueDatabaseName('svc_users_follow_content'),
      NATS_URL: infra.natsUrlAs('svc-content'),
      SEED_DEMO: 'false',
    });
    svcContent.start();
    service = await startUsersService(config);
    bus = new NatsCaller(infra.natsUrl);
    try {
      await eventually(() => send(CONTENT_PATTERNS.health, {}).then(() => true, () => false), 30_000, 'svc-content answers');
    } catch (error) {
      throw new Error(`${(error as Error).message}\nsvc-content said:\n${svcContent.recentOutput()}`);
    }
  }, 60_000);

  afterAll(async () => {
    await bus?.close();
    await service?.close();
    await svcContent?.stop();
    await infra?.stop();
  });

  it('a renamed project and an edited question show in /users/me', async () => {
    const user = await learner();
    const { _id: courseId } = await course();
    const { _id: projectId } = await project(courseId, 'Old title');
    const { _id: questionId } = await question();
    await send(USERS_PATTERNS.finishProject, { id: user._id, body: { id: projectId } });
    await send(USERS_PATTERNS.saveQuestion, { id: user._id, body: { id: questionId } });

    await send(...routeCall(ROUTES.projects.update, { params: { id: projectId }, body: { title: 'New title', difficulty: 'professional' } }));
    await send(...routeCall(ROUTES.interview.update, { params: { id: questionId }, body: { topic: 'rm', question: 'What is an outer join?', answer: 'Rows without a match too.' } }));

    await until(user._id, 'the project has its new title', (p) => p.finishedProject[0]?.title === 'New title');
    await until(user._id, 'the question shows the edit', (p) => p.savedQuestion[0]?.question === 'What is an outer join?');
    expect(await profile(user._id)).toMatchObject({
      finishedProject: [{ _id: projectId, title: 'New title', difficulty: 'professional', courseId }],
      savedQuestion: [{ _id: questionId, topic: 'rm', question: 'What is an outer join?', answer: 'Rows without a match too.' }],
    });
  });

  it('deletes made while svc-users was down are applied when it starts again', async () => {
    const user = await learner();
    const { _id: courseId } = await course();
    const [{ _id: gone }, { _id: kept }] = [await project(courseId, 'Deleted while down'), await project(courseId, 'Kept project')];
    const { _id: questionId } = await question();
    for (const id of [gone, kept]) await send(USERS_PATTERNS.finishProject, { id: user._id, body: { id } });
    await send(USERS_PATTERNS.saveQuestion, { id: user._id, body: { id: questionId } });

    await service!.close();
    service = null;
    await send(...routeCall(ROUTES.projects.delete, { params: { id: gone } }));
    await send(...routeCall(ROUTES.interview.delete, { params: { id: questionId } }));
    service = await startUsersService(config);

    await until(user._id, 'the deleted project and question are gone', (p) => p.finishedProject.length === 1 && p.savedQuestion.length === 0);
    expect((await profile(user._id)).finishedProject.map((p) => p._id)).toEqual([kept]);
  });

  it("a deleted course takes its projects and read tutorials out of every user's lists", async () => {
    const [ana, ben] = [await learner(), await learner()];
    const { _id: courseId } = await course();
    const { _id: otherCourseId } = await course();
    const { _id: projectId } = await project(courseId);
    const { _id: elsewhere } = await project(otherCourseId, 'Other course');
    const { _id: tutorialId } = await tutorial(courseId);
    for (const user of [ana, ben]) {
      await send(USERS_PATTERNS.finishProject, { id: user._id, body: { id: projectId } });
      await send(USERS_PATTERNS.readTutorial, { id: user._id, body: { id: tutorialId } });
    }
    await send(USERS_PATTERNS.finishProject, { id: ana._id, body: { id: elsewhere } });

    await send(...routeCall(ROUTES.courses.delete, { params: { id: courseId } }));

    for (const user of [ana, ben]) {
      await until(user._id, "the course's copies are gone", (p) => p.readTutorial.length === 0 && p.finishedProject.every((item) => item.courseId !== courseId));
    }
    expect((await profile(ana._id)).finishedProject.map((p) => p._id)).toEqual([elsewhere]);
    expect(await bus.refusal(USERS_PATTERNS.finishProject, { id: ben._id, body: { id: projectId } })).toEqual({ statusCode: 404, message: 'Project not found.' });
  });
});
