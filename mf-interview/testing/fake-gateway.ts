import { TOPICS, type Topic } from '@dblearn/contracts';
import { jsonResponse, LEARNER, stubFetch, type StubbedFetch } from '@dblearn/web/testing';
import type { InterviewQuestion } from '../src/features/questions/api/interview-question.js';

/** `count` questions spread over the five topics in turn, with ids q1, q2... (oldest first). */
export function makeQuestions(count: number): InterviewQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `q${index + 1}`,
    topic: TOPICS[index % TOPICS.length] as Topic,
    question: `Question ${index + 1}?`,
    answer: `Answer ${index + 1}.`,
  }));
}

export interface FakeGateway extends StubbedFetch {
  questions: InterviewQuestion[];
  saved: InterviewQuestion[];
  /** "METHOD /path?query" of every /api call, in order. */
  calls: string[];
  /** Makes the next call to this "METHOD /path" answer with the given status. */
  failNext(call: string, status: number, message?: string): void;
}

const notFound = () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'No such question.' }, 404);

/**
 * The gateway's /interview and /users calls as CONTRACT describes them, over an in-memory bank, for
 * the component tests (the browser suite runs the real ones).
 */
export function fakeGateway(questions: InterviewQuestion[], saved: InterviewQuestion[] = []): FakeGateway {
  const failures = new Map<string, { status: number; message: string }>();
  const state = { questions: [...questions], saved: [...saved] };
  const calls: string[] = [];
  const stub = stubFetch(async (request) => {
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname}`;
    calls.push(`${call}${url.search}`);
    const failure = failures.get(call);
    if (failure) {
      failures.delete(call);
      return jsonResponse({ statusCode: failure.status, error: 'Error', message: failure.message }, failure.status);
    }
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : ((await request.json()) as Record<string, string>);
    const [, , resource, id] = url.pathname.split('/');
    if (call === 'GET /api/users/me') return jsonResponse({ ...LEARNER, savedQuestion: state.saved, finishedProject: [], readTutorial: [] });
    if (resource === 'users' && id === 'interview') {
      const question = state.questions.find((item) => item._id === body?.id);
      if (!question) return notFound();
      state.saved = state.saved.filter((item) => item._id !== question._id);
      if (request.method === 'POST') state.saved.push(question);
      return jsonResponse({ ...LEARNER, savedQuestion: state.saved });
    }
    if (resource !== 'interview') return notFound();
    if (call === 'GET /api/interview') {
      const topic = url.searchParams.get('topic');
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      const matching = state.questions.filter((item) => !topic || item.topic === topic);
      return jsonResponse(matching.slice((page - 1) * size, page * size), 200, { 'x-total-count': String(matching.length) });
    }
    if (call === 'POST /api/interview') {
      const created = { _id: `q${state.questions.length + 100}`, ...body } as InterviewQuestion;
      state.questions.push(created);
      return jsonResponse(created, 201);
    }
    const index = state.questions.findIndex((item) => item._id === id);
    if (index === -1) return notFound();
    const existing = state.questions[index]!;
    if (request.method === 'GET') return jsonResponse(existing);
    if (request.method === 'PUT') {
      const updated = { ...existing, ...body } as InterviewQuestion;
      state.questions[index] = updated;
      state.saved = state.saved.map((item) => (item._id === id ? updated : item));
      return jsonResponse(updated);
    }
    state.questions.splice(index, 1);
    state.saved = state.saved.filter((item) => item._id !== id);
    return jsonResponse(existing);
  });
  return {
    ...stub,
    get questions() {
      return state.questions;
    },
    get saved() {
      return state.saved;
    },
    calls,
    failNext: (call, status, message = 'Refused.') => void failures.set(call, { status, message }),
  };
}
