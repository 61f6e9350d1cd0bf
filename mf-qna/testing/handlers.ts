// mf-qna's part of the gateway, as msw handlers over an in-memory forum: the component tests use
// them (testing/mock-gateway.ts) and so does `npm run start:alone` (testing/alone/).
import {
  apiPath,
  LIVE_LIMITS,
  QNA_LIVE,
  QNA_MESSAGES,
  ROUTES,
  type Course,
  type QnaLiveEvent,
  type QnaQuestion,
  type QnaQuestionSummary,
  type QuestionFields,
  type UserProfile,
} from '@dblearn/contracts';
import { LEARNER } from '@dblearn/web/testing';
import { authorOf, LEARNER_NAME } from './data.js';
import { pagedAnswer, refusal } from '@dblearn/web/testing/msw';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';

export interface QnaStore {
  questions: QnaQuestion[];
  /** The courses a question may take its practice database from (GET /course). */
  courses: Course[];
}

/** GET /live/qna: the open streams, and a change sent to all of them as the gateway frames it. */
export interface LiveStreams {
  open(): number;
  send(event: QnaLiveEvent): void;
  /** A `ready` frame on every open stream, as after a reconnect. */
  ready(): void;
  heartbeatMs: number;
}

const summary = ({ replies, acceptedReplyId, ...question }: QnaQuestion): QnaQuestionSummary => ({
  ...question,
  replyCount: replies.length,
  solved: acceptedReplyId !== null,
});

/** The Server-Sent Events the gateway sends on GET /live/qna, and the frames it opens each stream with. */
function liveStreams(): { live: LiveStreams; answer: HttpResponseResolver } {
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let heartbeatMs: number = LIVE_LIMITS.heartbeatMs;
  const toAll = (frame: string) => {
    for (const stream of streams) stream.enqueue(new TextEncoder().encode(frame));
  };
  const readyFrame = () => `event: ${QNA_LIVE.readyEvent}\ndata: ${JSON.stringify({ heartbeatMs })}\n\n`;
  const answer: HttpResponseResolver = ({ request }) => {
    let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        mine = controller;
        streams.add(controller);
        controller.enqueue(new TextEncoder().encode(`retry: ${LIVE_LIMITS.retryMs}\n${readyFrame()}`));
      },
      cancel: () => void streams.delete(mine!),
    });
    request.signal.addEventListener('abort', () => streams.delete(mine!));
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store, no-transform' } });
  };
  const live: LiveStreams = {
    open: () => streams.size,
    send: (event) => toAll(`event: ${QNA_LIVE.changeEvent}\ndata: ${JSON.stringify(event)}\n\n`),
    ready: () => toAll(readyFrame()),
    get heartbeatMs() {
      return heartbeatMs;
    },
    set heartbeatMs(ms: number) {
      heartbeatMs = ms;
    },
  };
  return { live, answer };
}

/**
 * The gateway's /qna calls, GET /live/qna and what the forum reads besides (GET /users/me, GET
 * /course) as docs/api-contract.md describes them; the caller is LEARNER.
 */
export function qnaHandlers(store: QnaStore) {
  let nextId = 1;
  const { live, answer } = liveStreams();
  const questionOr404 = (
    read: (question: QnaQuestion, body: Record<string, unknown>) => QnaQuestion | Response,
  ): HttpResponseResolver<{ id?: string; questionId?: string }> => async ({ params, request }) => {
    // The table names the question `:questionId` in the reply and accept paths, `:id` elsewhere.
    const question = store.questions.find((item) => item._id === (params.questionId ?? params.id));
    if (!question) return refusal(404, QNA_MESSAGES.notFound);
    const body = request.method === 'GET' || request.method === 'DELETE' ? {} : ((await request.json()) as Record<string, unknown>);
    const result = read(question, body);
    return result instanceof Response ? result : HttpResponse.json<QnaQuestion>(result, { status: request.method === 'POST' ? 201 : 200 });
  };
  const handlers = [
    http.get(apiPath(ROUTES.live.qna), answer),
    http.get(apiPath(ROUTES.users.me), () => HttpResponse.json<UserProfile>({ ...LEARNER, displayName: LEARNER_NAME, savedQuestion: [], finishedProject: [], readTutorial: [] })),
    http.get(apiPath(ROUTES.courses.list), ({ request }) => pagedAnswer<Course>(store.courses, new URL(request.url))),
    http.get(apiPath(ROUTES.qna.list), ({ request }) => {
      const url = new URL(request.url);
      const topic = url.searchParams.get('topic');
      const newestFirst = [...store.questions].reverse().filter((item) => !topic || item.topic === topic);
      return pagedAnswer<QnaQuestionSummary>(newestFirst.map(summary), url);
    }),
    http.post<never, QuestionFields>(apiPath(ROUTES.qna.create), async ({ request }) => {
      const { topic, title, description, sandboxCourseId } = await request.json();
      const created: QnaQuestion = { _id: `new${nextId++}`, topic, title, description, ...authorOf(LEARNER_NAME), datePosted: new Date().toISOString(), replies: [], acceptedReplyId: null, sandboxCourseId: sandboxCourseId ?? null };
      store.questions.push(created);
      return HttpResponse.json<QnaQuestion>(created, { status: 201 });
    }),
    http.put(
      apiPath(ROUTES.qna.deleteReply),
      questionOr404((question, { id }) => Object.assign(question, { replies: question.replies.filter((reply) => reply._id !== id) })),
    ),
    http.put(
      apiPath(ROUTES.qna.accept),
      questionOr404((question, { id }) => Object.assign(question, { acceptedReplyId: (id as string | null) ?? null })),
    ),
    http.post(
      apiPath(ROUTES.qna.reply),
      questionOr404((question, { reply }) => {
        question.replies.push({ _id: `r${nextId++}`, ...authorOf(LEARNER_NAME), reply: reply as string, datePosted: new Date().toISOString() });
        return question;
      }),
    ),
    http.get(apiPath(ROUTES.qna.find), questionOr404((question) => question)),
    http.put(
      apiPath(ROUTES.qna.update),
      questionOr404((question, body) => {
        const { topic, title, description, sandboxCourseId } = body as unknown as QuestionFields;
        // An absent sandboxCourseId keeps the question's; null drops it.
        return Object.assign(question, { topic, title, description, sandboxCourseId: sandboxCourseId === undefined ? question.sandboxCourseId : sandboxCourseId });
      }),
    ),
    http.delete(
      apiPath(ROUTES.qna.delete),
      questionOr404((question) => {
        store.questions = store.questions.filter((item) => item !== question);
        return question;
      }),
    ),
  ];
  return { handlers, live };
}
