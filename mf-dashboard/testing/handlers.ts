// mf-dashboard's part of the gateway, as msw handlers over an in-memory store: the component tests
// use them (testing/mock-gateway.ts) and so does `npm run start:alone` (testing/alone/).
import { DEADLINE_PASSED_MESSAGE, type Course, type PracticeSolved, type ReviewDeck, type UserProfile } from '@dblearn/contracts';
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
    http.all('/api/*', () => (store.down ? refusal(503, DEADLINE_PASSED_MESSAGE) : undefined)),
    http.get('/api/users/me', () => HttpResponse.json<UserProfile>(store.profile)),
    http.get('/api/users/me/review', () => HttpResponse.json<ReviewDeck>(store.review ?? { due: [], dueCount: 0, total: 0, streak: 0 })),
    http.patch('/api/users/me', async ({ request }) => {
      const { displayName } = (await request.json()) as { displayName: string };
      store.profile = { ...store.profile, displayName };
      return HttpResponse.json<UserProfile>(store.profile);
    }),
    http.delete('/api/users/me', () => HttpResponse.json({ deleted: true })),
    http.get('/api/practice/solved', () => HttpResponse.json<PracticeSolved>(store.solved ?? { cells: [{ topic: 'sql', difficulty: 'easy', solved: 0, total: 1 }] })),
    http.get('/api/course', ({ request }) => pagedAnswer<Course>(store.courses, new URL(request.url))),
  ];
}
