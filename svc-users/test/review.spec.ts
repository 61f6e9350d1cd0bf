import { type PublicUser, type ReviewDeck, type Route, ROUTES, USERS_PATTERNS } from '@dblearn/contracts';
import { routeCall } from '@dblearn/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { ProgressEvents } from '../src/progress/progress-events.js';
import { type ProgressSuite, startProgressSuite } from './support/progress-suite.js';

const newId = () => new mongoose.Types.ObjectId().toHexString();
const eventMeta = () => ({ eventId: newId(), occurredAt: new Date().toISOString() });

describe('the review deck, against real FerretDB and NATS', () => {
  let suite: ProgressSuite;
  let counter = 0;

  // What the gateway's forwarder sends (a RouteCall) from the learner `userId`.
  const call = (route: Route, userId: string, parts: { params?: Record<string, string>; body?: object } = {}) => routeCall(route, { ...parts, caller: { _id: userId } });
  const deck = (userId: string) => suite.users.send<ReviewDeck>(...call(ROUTES.review.deck, userId));
  const add = (userId: string, id: string) => suite.users.send<ReviewDeck>(...call(ROUTES.review.add, userId, { body: { id } }));
  const grade = (userId: string, body: object) => suite.users.send<ReviewDeck>(...call(ROUTES.review.grade, userId, { body }));
  const remove = (userId: string, questionId: string) => suite.users.send<ReviewDeck>(...call(ROUTES.review.remove, userId, { params: { questionId } }));
  const stored = (userId: string) => suite.db.collection('users').findOne({ _id: new mongoose.Types.ObjectId(userId) });

  async function learner(): Promise<PublicUser> {
    counter += 1;
    return suite.users.send<PublicUser>(USERS_PATTERNS.register, { email: `reviewer${counter}@example.com`, password: 'secret-one', skill: 'beginner' });
  }

  function addQuestion(question = 'What is a join?') {
    const item = { _id: newId(), topic: 'sql' as const, question, answer: 'It combines rows of two tables.' };
    suite.content.state.questions.set(item._id, item);
    return item;
  }

  beforeAll(async () => {
    suite = await startProgressSuite('svc_users_review');
  });

  afterAll(async () => {
    await suite?.close();
  });

  it('adds a question as a new card due now, once however often it is added', async () => {
    const user = await learner();
    const question = addQuestion();
    await add(user._id, question._id);
    const answer = await add(user._id, question._id);
    expect(answer).toEqual({ due: [expect.objectContaining({ _id: question._id, question: question.question, answer: question.answer, version: 0 })], dueCount: 1, total: 1, streak: 0 });
    expect(await deck(user._id)).toEqual(answer);
  });

  it('removes a card, schedule and all, idempotently; a saved question stays saved and comes back only when added', async () => {
    const user = await learner();
    const [kept, dropped] = [addQuestion('What is a cursor?'), addQuestion('What is a savepoint?')];
    await add(user._id, kept._id);
    await suite.users.send(USERS_PATTERNS.saveQuestion, { id: user._id, body: { id: dropped._id } });
    await grade(user._id, { id: dropped._id, grade: 'easy', version: 0 });
    const answer = await remove(user._id, dropped._id);
    expect(answer).toMatchObject({ dueCount: 1, total: 1, due: [expect.objectContaining({ _id: kept._id })] });
    expect(await remove(user._id, dropped._id)).toEqual(answer);
    expect(await remove(user._id, newId())).toEqual(answer);
    const profile = await suite.users.send<{ savedQuestion: { _id: string }[] }>(USERS_PATTERNS.findProfile, { userId: user._id });
    expect(profile.savedQuestion.map((item) => item._id)).toEqual([dropped._id]);
    // Added again, it starts over: a new card due now.
    expect((await add(user._id, dropped._id)).due).toEqual(expect.arrayContaining([expect.objectContaining({ _id: dropped._id, version: 0 })]));
    expect(await suite.users.refusal(...call(ROUTES.review.remove, newId(), { params: { questionId: kept._id } }))).toMatchObject({ statusCode: 404 });
  });

  it('a saved question joins the deck by itself', async () => {
    const user = await learner();
    const question = addQuestion('What is a primary key?');
    await suite.users.send(USERS_PATTERNS.saveQuestion, { id: user._id, body: { id: question._id } });
    expect((await deck(user._id)).due.map((card) => card._id)).toEqual([question._id]);
  });

  it('a grade schedules the card into the future; the same version posted twice counts once', async () => {
    const user = await learner();
    const question = addQuestion();
    await add(user._id, question._id);
    const review = { id: question._id, grade: 'easy', version: 0 };
    const [first, second] = await Promise.all([grade(user._id, review), grade(user._id, review)]);
    expect(first).toEqual({ due: [], dueCount: 0, total: 1, streak: 1 });
    expect(second).toEqual(first);
    const card = (await stored(user._id))?.reviewCard?.[0];
    expect(card).toMatchObject({ reps: 1, version: 1 });
    expect((card?.due as Date).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a grade other than the four with 400 naming them, and an unknown card or question with 404', async () => {
    const user = await learner();
    const question = addQuestion();
    await add(user._id, question._id);
    const refused = await suite.users.refusal(...call(ROUTES.review.grade, user._id, { body: { id: question._id, grade: 'perfect', version: 0 } }));
    expect(refused).toMatchObject({ statusCode: 400, message: ['Grade must be one of: again, hard, good, easy.'] });
    expect(await suite.users.refusal(...call(ROUTES.review.grade, user._id, { body: { id: newId(), grade: 'good', version: 0 } }))).toMatchObject({ statusCode: 404 });
    expect(await suite.users.refusal(...call(ROUTES.review.add, user._id, { body: { id: newId() } }))).toMatchObject({ statusCode: 404 });
    expect((await stored(user._id))?.reviewCard).toHaveLength(1);
  });

  it('a question deleted by an admin leaves every deck, and an update freshens the cards', async () => {
    const [one, two] = [await learner(), await learner()];
    const question = addQuestion();
    const kept = addQuestion('What is an index?');
    for (const user of [one, two]) {
      await add(user._id, question._id);
      await add(user._id, kept._id);
    }
    const events = suite.service.get(ProgressEvents);
    await events.interviewUpdated({ ...eventMeta(), entityId: kept._id, topic: 'sql', question: 'What is a B-tree index?', answer: 'A balanced tree.' });
    await events.interviewDeleted({ ...eventMeta(), entityId: question._id });
    for (const user of [one, two]) {
      const after = await deck(user._id);
      expect(after.total).toBe(1);
      expect(after.due).toEqual([expect.objectContaining({ _id: kept._id, question: 'What is a B-tree index?', answer: 'A balanced tree.' })]);
    }
  });

  it('a passed check makes a day of the streak, once however often it is told; a failure does not', async () => {
    const user = await learner();
    const events = suite.service.get(ProgressEvents);
    const attempt = { entityId: newId(), userId: user._id, projectId: newId(), failuresBefore: 0, answer: 'SELECT 1' };
    await events.checkAttempted({ ...eventMeta(), ...attempt, passed: false, failureKind: 'values' });
    expect((await deck(user._id)).streak).toBe(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const passed = { ...attempt, passed: true, failureKind: null };
    await events.checkAttempted({ ...eventMeta(), ...passed, occurredAt: yesterday });
    expect((await deck(user._id)).streak).toBe(1);
    const today = { ...eventMeta(), ...passed };
    await events.checkAttempted(today);
    await events.checkAttempted(today);
    expect((await deck(user._id)).streak).toBe(2);
    expect((await stored(user._id))?.activeDays).toHaveLength(2);
  });
});
