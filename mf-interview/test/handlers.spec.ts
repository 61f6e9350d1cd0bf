// The handlers' canned answers, parsed by the contract's zod shapes: a drift from the server fails here.
import { INTERVIEW_NOT_FOUND_MESSAGE, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { ErrorEnvelopeAnswer, InterviewQuestionAnswer, ReviewDeckAnswer, UserProfileAnswer } from '@dblearn/contracts/answers';
import { LEARNER } from '@dblearn/web/testing';
import { server } from '@dblearn/web/testing/msw-node';
import { aloneStore } from '../testing/data.js';
import { interviewHandlers } from '../testing/handlers.js';

const send = (method: string, path: string, body?: unknown) =>
  fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });

describe('the interview handlers', () => {
  it('answer every call with the contract’s shapes and statuses', async () => {
    const store = aloneStore();
    server.use(...interviewHandlers(store));
    const list = await send('GET', '/api/interview?topic=sql&page=1&pageSize=6');
    expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe(String(store.questions.filter((item) => item.topic === 'sql').length));
    expect(InterviewQuestionAnswer.array().parse(await list.json())).toHaveLength(1);
    expect(UserProfileAnswer.parse(await (await send('GET', '/api/users/me')).json()).savedQuestion).toEqual(store.saved);
    const created = await send('POST', '/api/interview', { topic: 'rm', question: 'What is a key?', answer: 'A minimal superkey.' });
    expect(created.status).toBe(201);
    const { _id } = InterviewQuestionAnswer.parse(await created.json());
    expect(InterviewQuestionAnswer.parse(await (await send('GET', `/api/interview/${_id}`)).json()).question).toBe('What is a key?');
    expect(InterviewQuestionAnswer.parse(await (await send('PUT', `/api/interview/${_id}`, { topic: 'rm', question: 'Q?', answer: 'A.' })).json()).answer).toBe('A.');
    const saved = UserProfileAnswer.parse(await (await send('POST', `/api/users/interview/${LEARNER._id}`, { id: _id })).json());
    expect(saved.savedQuestion.map((item) => item._id)).toContain(_id);
    const unsaved = UserProfileAnswer.parse(await (await send('PUT', `/api/users/interview/${LEARNER._id}`, { id: _id })).json());
    expect(unsaved.savedQuestion.map((item) => item._id)).not.toContain(_id);
    expect(InterviewQuestionAnswer.parse(await (await send('DELETE', `/api/interview/${_id}`)).json())._id).toBe(_id);
  });

  it('refuse an unknown question with 404, the error envelope and the server’s sentence', async () => {
    server.use(...interviewHandlers(aloneStore()));
    for (const answer of [await send('GET', '/api/interview/nope'), await send('POST', `/api/users/interview/${LEARNER._id}`, { id: 'nope' })]) {
      expect(answer.status).toBe(404);
      expect(ErrorEnvelopeAnswer.parse(await answer.json())).toEqual({ statusCode: 404, error: 'Not Found', message: INTERVIEW_NOT_FOUND_MESSAGE });
    }
  });

  it('keep the review deck as the contract shapes it: saving adds a card, a grade counts once, a bad grade is 400, a removal is idempotent', async () => {
    const store = aloneStore();
    server.use(...interviewHandlers(store));
    const question = store.questions[3]!;
    await send('POST', `/api/users/interview/${LEARNER._id}`, { id: question._id });
    const deck = ReviewDeckAnswer.parse(await (await send('GET', '/api/users/me/review')).json());
    expect(deck.due.map((card) => card._id)).toEqual([question._id]);
    const review = { id: question._id, grade: 'good', version: 0 };
    const graded = ReviewDeckAnswer.parse(await (await send('POST', '/api/users/me/review/grade', review)).json());
    expect(graded).toEqual({ due: [], dueCount: 0, total: 1, streak: 1 });
    expect(ReviewDeckAnswer.parse(await (await send('POST', '/api/users/me/review/grade', review)).json())).toEqual(graded);
    const refused = await send('POST', '/api/users/me/review/grade', { ...review, grade: 'perfect' });
    expect(refused.status).toBe(400);
    expect(ErrorEnvelopeAnswer.parse(await refused.json()).message).toBe('Grade must be one of: again, hard, good, easy.');
    expect(ReviewDeckAnswer.parse(await (await send('POST', '/api/users/me/review', { id: store.questions[0]!._id })).json()).total).toBe(2);
    const removed = ReviewDeckAnswer.parse(await (await send('DELETE', `/api/users/me/review/${question._id}`)).json());
    expect(removed.total).toBe(1);
    expect(ReviewDeckAnswer.parse(await (await send('DELETE', `/api/users/me/review/${question._id}`)).json())).toEqual(removed);
  });
});
