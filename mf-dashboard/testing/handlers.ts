// mf-dashboard's part of the gateway, as msw handlers over an in-memory store: the component tests
// use them (testing/mock-gateway.ts) and so does `npm run start:alone` (testing/alone/).
import { API_PREFIX, apiPath, DEADLINE_PASSED_MESSAGE, ROUTES, type Course, type PracticeSolved, type ReviewDeck, type UserProfile } from '@dblearn/contracts';
import { pagedAnswer, refusal } from '@dblearn/web/testing/msw';
import { http, HttpResponse } from 'msw';

export interface DashboardStore {
  courses: Course[];
  profile: UserProfile;
  /** GET /users/me/review; an empty deck when left out. */
  review?: ReviewDeck;
  /** GET /practice/solved; nothing solved of one easy SQL exercise when left out. */
  solved?: PracticeSolved;
  /** The services are down: every call answers 503. */
  down?: boolean;
}

/** GET, PATCH and DELETE /users/me, GET /users/me/review and GET /course (paged, X-Total-Count) as docs/api-contract.md describes them. */
export function dashboardHandlers(store: DashboardStore) {
  return [
    http.all(`${API_PREFIX}/*`, () => (store.down ? refusal(503, DEADLINE_PASSED_MESSAGE) : undefined)),
    http.get(apiPath(ROUTES.users.me), () => HttpResponse.json<UserProfile>(store.profile)),
    http.get(apiPath(ROUTES.review.deck), () => HttpResponse.json<ReviewDeck>(store.review ?? { due: [], dueCount: 0, total: 0, streak: 0 })),
    http.patch(apiPath(ROUTES.users.updateMe), async ({ request }) => {
      const { displayName } = (await request.json()) as { displayName: string };
      store.profile = { ...store.profile, displayName };
      return HttpResponse.json<UserProfile>(store.profile);
    }),
    http.delete(apiPath(ROUTES.users.deleteMe), () => HttpResponse.json({ deleted: true })),
    http.get(apiPath(ROUTES.practice.solved), () => HttpResponse.json<PracticeSolved>(store.solved ?? { cells: [{ topic: 'sql', difficulty: 'easy', solved: 0, total: 1 }] })),
    http.get(apiPath(ROUTES.courses.list), ({ request }) => pagedAnswer<Course>(store.courses, new URL(request.url))),
  ];
}
