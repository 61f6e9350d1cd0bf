import type { QnaQuestion } from '@dblearn/contracts';
import { recordGatewayCalls, type GatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { PRACTICE_COURSES } from './data.js';
import { qnaHandlers, type LiveStreams, type QnaStore } from './handlers.js';

export { authorOf, LEARNER_NAME, makeQuestions, OTHER } from './data.js';

export interface MockGateway extends GatewayCalls {
  questions: QnaQuestion[];
  live: LiveStreams;
}

/** The forum's handlers over these questions for one test (testing/setup-dom.ts resets them after it); the caller is LEARNER. */
export function mockGateway(questions: QnaQuestion[]): MockGateway {
  const store: QnaStore = { questions: [...questions], courses: PRACTICE_COURSES };
  const recorded = recordGatewayCalls();
  const { handlers, live } = qnaHandlers(store);
  server.use(recorded.handler, ...handlers);
  return {
    ...recorded,
    get questions() {
      return store.questions;
    },
    live,
  };
}
