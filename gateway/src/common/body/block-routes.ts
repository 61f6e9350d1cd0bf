import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** POST /api/tutorial, PUT /api/tutorial/{id}, PUT /api/project/{id}: the calls whose body may carry a content block. */
const BLOCK_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/tutorial\/?$/ },
  { method: 'PUT', path: /^\/api\/tutorial\/[0-9a-fA-F]{24}\/?$/ },
  { method: 'PUT', path: /^\/api\/project\/[0-9a-fA-F]{24}\/?$/ },
];

export function isBlockRoute(method: string | undefined, url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0]!;
  return BLOCK_ROUTES.some((route) => route.method === method && route.path.test(path));
}

/** `parser` for the block routes alone; every other request goes on to the general 100 kB parser. */
export function onlyBlockRoutes(parser: Middleware): Middleware {
  return (req, res, next) => (isBlockRoute(req.method, req.url) ? parser(req, res, next) : next());
}
