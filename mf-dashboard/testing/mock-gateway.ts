import type { Course, ReviewDeck, UserProfile } from '@dblearn/contracts';
import { recordGatewayCalls, type GatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { makeProfile } from './data.js';
import { dashboardHandlers } from './handlers.js';

export { makeCourses, makeProfile } from './data.js';

export type MockGateway = GatewayCalls;

/** The dashboard's handlers over these courses and this learner for one test (testing/setup-dom.ts resets them after it). */
export function mockGateway(courses: readonly Course[], profile: UserProfile = makeProfile(), down = false, review?: ReviewDeck): MockGateway {
  const recorded = recordGatewayCalls();
  server.use(recorded.handler, ...dashboardHandlers({ courses: [...courses], profile, down, ...(review ? { review } : {}) }));
  return recorded;
}
