// The handlers' canned answers, parsed by the contract's zod shapes: a drift from the server fails here.
import { LIVE_LIMITS, QNA_LIVE, QNA_MESSAGES, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { CourseAnswer, ErrorEnvelopeAnswer, QnaQuestionAnswer, QnaQuestionSummaryAnswer, UserProfileAnswer } from '@dblearn/contracts/answers';
import { server } from '@dblearn/web/testing/msw-node';
import { aloneStore } from '../testing/data.js';
import { qnaHandlers } from '../testing/handlers.js';

const send = (method: string, path: string, body?: unknown) =>
  fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }) });

describe('the Q&A handlers', () => {
  it('answer every call with the contract’s shapes and statuses', async () => {
    const store = aloneStore();
    server.use(...qnaHandlers(store).handlers);
    const list = await send('GET', '/api/qna?page=1&pageSize=6');
    expect(list.headers.get(TOTAL_COUNT_HEADER)).toBe(String(store.questions.length));
    expect(QnaQuestionSummaryAnswer.array().parse(await list.json())[0]).toMatchObject({ replyCount: 1, solved: true });
    UserProfileAnswer.parse(await (await send('GET', '/api/users/me')).json());
    expect(CourseAnswer.array().parse(await (await send('GET', '/api/course?pageSize=100')).json())).toEqual(store.courses);
    const created = await send('POST', '/api/qna', { topic: 'sql', title: 'Why is my join slow?', description: 'It scans.', sandboxCourseId: null });
    expect(created.status).toBe(201);
    const { _id } = QnaQuestionAnswer.parse(await created.json());
    const replied = await send('POST', `/api/qna/${_id}/replies`, { reply: 'Add an index.' });
    expect(replied.status).toBe(201);
    const [reply] = QnaQuestionAnswer.parse(await replied.json()).replies;
    expect(QnaQuestionAnswer.parse(await (await send('PUT', `/api/qna/accept/${_id}`, { id: reply!._id })).json()).acceptedReplyId).toBe(reply!._id);
    expect(QnaQuestionAnswer.parse(await (await send('PUT', `/api/qna/reply/${_id}`, { id: reply!._id })).json()).replies).toEqual([]);
    expect(QnaQuestionAnswer.parse(await (await send('PUT', `/api/qna/${_id}`, { topic: 'sql', title: 'Why is my join slow now?', description: 'It scans.' })).json()).title).toBe('Why is my join slow now?');
    expect(QnaQuestionAnswer.parse(await (await send('GET', `/api/qna/${_id}`)).json())._id).toBe(_id);
    expect(QnaQuestionAnswer.parse(await (await send('DELETE', `/api/qna/${_id}`)).json())._id).toBe(_id);
  });

  it('open the live stream with retry and ready, as the gateway frames them', async () => {
    server.use(...qnaHandlers(aloneStore()).handlers);
    const stream = new AbortController();
    const answer = await fetch(`/api${QNA_LIVE.path}`, { signal: stream.signal });
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const reader = answer.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(`retry: ${LIVE_LIMITS.retryMs}\nevent: ${QNA_LIVE.readyEvent}\ndata: {"heartbeatMs":${LIVE_LIMITS.heartbeatMs}}\n\n`);
    stream.abort();
  });

  it('refuse an unknown question with 404, the error envelope and the server’s sentence', async () => {
    server.use(...qnaHandlers(aloneStore()).handlers);
    for (const answer of [await send('GET', '/api/qna/nope'), await send('PUT', '/api/qna/accept/nope', { id: null })]) {
      expect(answer.status).toBe(404);
      expect(ErrorEnvelopeAnswer.parse(await answer.json())).toEqual({ statusCode: 404, error: 'Not Found', message: QNA_MESSAGES.notFound });
    }
  });
});
