// What every remote's msw handlers share (tests and `start:alone` alike): the gateway's refusal
// envelope, its paged-list answer, a record of the calls made, and the sign-in a remote run alone needs.
import { apiPath, LIST_PAGE_SIZE, ROUTES, TOTAL_COUNT_HEADER, type ErrorEnvelope, type Route } from '@dblearn/contracts';
import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType } from 'msw';
import { unsignedToken } from './tokens.js';

/** The reason phrases NestJS puts in `error` for the statuses the gateway answers with. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  503: 'Service Unavailable',
};

/** CONTRACT "Conventions": a 4xx or 5xx with its error envelope. */
export function refusal(statusCode: number, message: string) {
  const envelope: ErrorEnvelope = { statusCode, error: REASONS[statusCode] ?? 'Error', message };
  return HttpResponse.json(envelope, { status: statusCode });
}

/** CONTRACT "Conventions": one page of `items` (query `page`, `pageSize`) and how many match, in X-Total-Count. */
export function pagedAnswer<Item extends JsonBodyType>(items: readonly Item[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('pageSize') ?? LIST_PAGE_SIZE.default);
  return HttpResponse.json(items.slice((page - 1) * size, page * size), { headers: { [TOTAL_COUNT_HEADER]: String(items.length) } });
}

/** One handler per route of the table, each answered by `resolver` (a stand-in for one item's GET, PUT and DELETE). */
export function onRoutes(routes: readonly Route[], resolver: HttpResponseResolver) {
  return routes.map((route) => http[route.method.toLowerCase() as Lowercase<Route['method']>](apiPath(route), resolver));
}

/** The JSON body of a request that has one (a POST without a body, revealing a solution, has none). */
export async function bodyOf<Body>(request: Request): Promise<Body | undefined> {
  const text = await request.clone().text();
  return text === '' ? undefined : (JSON.parse(text) as Body);
}

export interface GatewayCalls {
  /** Put first in the handler list: records every /api call, and answers the refusals asked for. */
  handler: ReturnType<typeof http.all>;
  /** "METHOD /path?query" of every /api call, in order. */
  calls: string[];
  /** The JSON bodies sent, in order. */
  bodies: unknown[];
  /** Every /api request made, in order. */
  requests: Request[];
  /** Makes the next call to this "METHOD /path" answer with the given status and message. */
  failNext(call: string, status: number, message: string): void;
}

export function recordGatewayCalls(): GatewayCalls {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const requests: Request[] = [];
  const failures = new Map<string, { status: number; message: string }>();
  const handler = http.all('/api/*', async ({ request }) => {
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname}`;
    calls.push(`${call}${url.search}`);
    requests.push(request);
    const body = await bodyOf(request);
    if (body !== undefined) bodies.push(body);
    const failure = failures.get(call);
    if (!failure) return undefined;
    failures.delete(call);
    return refusal(failure.status, failure.message);
  });
  return { handler, calls, bodies, requests, failNext: (call, status, message) => void failures.set(call, { status, message }) };
}

/** POST /auth for a remote run alone: any e-mail and password sign in, as that e-mail (an admin when it starts with "admin"). */
export const signInHandler = http.post(apiPath(ROUTES.auth.login), async ({ request }) => {
  const { email } = (await request.json()) as { email: string };
  return HttpResponse.text(unsignedToken({ email, isAdmin: email.startsWith('admin') }));
});
