import { QNA_LIVE, TOPICS, type QnaLiveEvent, type QnaQuestion, type QnaQuestionSummary, type Topic } from '@dblearn/contracts';
import { jsonResponse, LEARNER, stubFetch, type StubbedFetch } from '@dblearn/web/testing';

export const OTHER = 'someone.else@dblearn.test';

/** `count` questions by someone else, over the five topics in turn, ids q1, q2… (q1 oldest). */
export function makeQuestions(count: number, userName = OTHER): QnaQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `q${index + 1}`,
    topic: TOPICS[index % TOPICS.length] as Topic,
    title: `Question number ${index + 1}`,
    description: `Description of question ${index + 1}.`,
    userName,
    datePosted: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
    replies: [],
    acceptedReplyId: null,
    sandboxCourseId: null,
  }));
}

export interface FakeGateway extends StubbedFetch {
  questions: QnaQuestion[];
  /** "METHOD /path?query" of every /api call, in order. */
  calls: string[];
  /** The JSON bodies sent, in order. */
  bodies: unknown[];
  /** Makes the next call to this "METHOD /path" answer with the given status. */
  failNext(call: string, status: number, message?: string): void;
  /** GET /api/live/qna: the open streams, and a change sent to all of them as the gateway frames it. */
  live: { open(): number; send(event: QnaLiveEvent): void; ready(): void; heartbeatMs: number };
}

const notFound = () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Question not found.' }, 404);
const summary = ({ replies, acceptedReplyId, ...question }: QnaQuestion): QnaQuestionSummary => ({
  ...question,
  replyCount: replies.length,
  solved: acceptedReplyId !== null,
});

/**
 * The gateway's /qna calls as CONTRACT describes them, over an in-memory forum, for the component
 * tests (the browser suite and the gateway's own tests run the real ones). The caller is LEARNER.
 */
export function fakeGateway(questions: QnaQuestion[]): FakeGateway {
  const failures = new Map<string, { status: number; message: string }>();
  const state = { questions: [...questions] };
  const calls: string[] = [];
  const bodies: unknown[] = [];
  let nextId = 1;
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const live = { heartbeatMs: 15_000 };
  const readyFrame = () => `event: ${QNA_LIVE.readyEvent}\ndata: ${JSON.stringify({ heartbeatMs: live.heartbeatMs })}\n\n`;
  const toStreams = (frame: string) => {
    for (const stream of streams) stream.enqueue(new TextEncoder().encode(frame));
  };
  const stub = stubFetch(async (request) => {
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname}`;
    calls.push(`${call}${url.search}`);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : ((await request.json()) as Record<string, string>);
    if (body) bodies.push(body);
    const failure = failures.get(call);
    if (failure) {
      failures.delete(call);
      return jsonResponse({ statusCode: failure.status, error: 'Error', message: failure.message }, failure.status);
    }
    const [, , resource, first, second] = url.pathname.split('/');
    if (call === `GET /api${QNA_LIVE.path}`) {
      let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          mine = controller;
          streams.add(controller);
          controller.enqueue(new TextEncoder().encode(readyFrame()));
        },
        cancel: () => void streams.delete(mine!),
      });
      request.signal.addEventListener('abort', () => streams.delete(mine!));
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (call === 'GET /api/course') return jsonResponse([{ _id: 'c-sql', name: 'SQL practice', topic: 'sql', teacher: 'Ada', length: '1 hour', tutorials: [], projects: [] }]);
    if (call === 'GET /api/users/me') return jsonResponse({ ...LEARNER, savedQuestion: [], finishedProject: [], readTutorial: [] });
    if (resource !== 'qna') return notFound();
    const now = new Date().toISOString();
    if (call === 'GET /api/qna') {
      const topic = url.searchParams.get('topic');
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      const newestFirst = [...state.questions].reverse().filter((item) => !topic || item.topic === topic);
      return jsonResponse(newestFirst.slice((page - 1) * size, page * size).map(summary), 200, { 'x-total-count': String(newestFirst.length) });
    }
    if (call === 'POST /api/qna') {
      const created: QnaQuestion = { _id: `new${nextId++}`, topic: body!.topic as Topic, title: body!.title!, description: body!.description!, userName: LEARNER.email, datePosted: now, replies: [], acceptedReplyId: null, sandboxCourseId: (body!.sandboxCourseId as string | null) ?? null };
      state.questions.push(created);
      return jsonResponse(created, 201);
    }
    const questionId = first === 'reply' || first === 'accept' ? second : first;
    const question = state.questions.find((item) => item._id === questionId);
    if (!question) return notFound();
    if (first === 'reply') {
      question.replies = question.replies.filter((reply) => reply._id !== body!.id);
      return jsonResponse(question);
    }
    if (first === 'accept') {
      question.acceptedReplyId = (body!.id as string | null) ?? null;
      return jsonResponse(question);
    }
    if (second === 'replies') {
      question.replies.push({ _id: `r${nextId++}`, userName: LEARNER.email, reply: body!.reply!, datePosted: now });
      return jsonResponse(question, 201);
    }
    if (request.method === 'GET') return jsonResponse(question);
    if (request.method === 'PUT') {
      Object.assign(question, { topic: body!.topic, title: body!.title, description: body!.description, sandboxCourseId: body!.sandboxCourseId ?? question.sandboxCourseId });
      return jsonResponse(question);
    }
    state.questions = state.questions.filter((item) => item._id !== questionId);
    return jsonResponse(question);
  });
  return {
    ...stub,
    get questions() {
      return state.questions;
    },
    calls,
    bodies,
    failNext: (call, status, message = 'Refused.') => void failures.set(call, { status, message }),
    live: {
      open: () => streams.size,
      send: (event) => toStreams(`event: ${QNA_LIVE.changeEvent}\ndata: ${JSON.stringify(event)}\n\n`),
      ready: () => toStreams(readyFrame()),
      get heartbeatMs() {
        return live.heartbeatMs;
      },
      set heartbeatMs(ms: number) {
        live.heartbeatMs = ms;
      },
    },
  };
}
