// The handlers' canned answers, parsed by the contract's zod shapes: a drift from the server fails here.
import { DEADLINE_PASSED_MESSAGE, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { CourseAnswer, ErrorEnvelopeAnswer, UserProfileAnswer } from '@dblearn/contracts/answers';
import { server } from '@dblearn/web/testing/msw-node';
import { aloneStore } from '../testing/data.js';
import { dashboardHandlers } from '../testing/handlers.js';

describe('the dashboard handlers', () => {
  it('answer GET /users/me and every page of GET /course with the contract’s shapes', async () => {
    const store = aloneStore();
    server.use(...dashboardHandlers(store));
    const me = await fetch('/api/users/me');
    expect(UserProfileAnswer.parse(await me.json())).toEqual(store.profile);
    const first = await fetch('/api/course?page=1&pageSize=2');
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe(String(store.courses.length));
    const second = await fetch('/api/course?page=2&pageSize=2');
    const pages = [...CourseAnswer.array().parse(await first.json()), ...CourseAnswer.array().parse(await second.json())];
    expect(pages).toEqual(store.courses);
  });

  it('refuse with the error envelope and the server’s sentence while the services are down', async () => {
    server.use(...dashboardHandlers({ ...aloneStore(), down: true }));
    const answer = await fetch('/api/users/me');
    expect(answer.status).toBe(503);
    expect(ErrorEnvelopeAnswer.parse(await answer.json())).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DEADLINE_PASSED_MESSAGE });
  });
});
