export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function textResponse(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });
}

export interface StubbedFetch {
  /** Every request made, in order. */
  requests: Request[];
  restore(): void;
}

/**
 * Replaces the page's fetch for one unit test: `answer` gets each request and returns a Response,
 * or throws to act as a network failure.
 */
export function stubFetch(answer: (request: Request) => Response | Promise<Response>): StubbedFetch {
  const original = globalThis.fetch;
  const requests: Request[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    requests.push(request);
    return answer(request);
  };
  return {
    requests,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
