import type { InterviewQuestion, ReviewCard } from '@dblearn/contracts';
import { recordGatewayCalls, type GatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { savedCopy } from './data.js';
import { interviewHandlers, type InterviewStore } from './handlers.js';

export { makeQuestions } from './data.js';

export interface MockGateway extends GatewayCalls, Readonly<InterviewStore> {}

/** The interview handlers over this bank for one test (testing/setup-dom.ts resets them after it). */
export function mockGateway(questions: InterviewQuestion[], saved: InterviewQuestion[] = [], review: ReviewCard[] = []): MockGateway {
  const store: InterviewStore = { questions: [...questions], saved: saved.map(savedCopy), review: [...review] };
  const recorded = recordGatewayCalls();
  server.use(recorded.handler, ...interviewHandlers(store));
  return {
    ...recorded,
    get questions() {
      return store.questions;
    },
    get saved() {
      return store.saved;
    },
    get review() {
      return store.review;
    },
  };
}
