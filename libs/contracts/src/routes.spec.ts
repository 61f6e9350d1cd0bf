import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { routeShape } from './route-shapes.js';
import { allRoutes, apiPath, ROUTES, routePath, type RouteAccess } from './routes.js';

// The route table is the one declaration of a gateway route. The gateway's controllers are compared
// with it in gateway/src/routes.spec.ts, the clients in routes-clients.spec.ts; here: the table
// itself and docs/api-contract.md's call tables.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const key = (method: string, path: string, access: RouteAccess) => `${method} ${path} ${access}`;

/** The call tables' rows: `| \`METHOD /path…\` | who | …`, the path's `{param}` as `:param`, any query left off. */
function documentedRoutes(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => /^\| `(GET|POST|PUT|PATCH|DELETE) \//.test(line));
  return rows.map((row) => {
    const [call = '', who = ''] = row.split('|').slice(1).map((cell) => cell.trim());
    const [, method = '', path = ''] = /^`(\w+) ([^`?]+)/.exec(call) ?? [];
    // "admin" alone is an admin-only call; "anyone" needs no token; every other wording ("signed in",
    // "that user or admin", "author or admin") is a signed-in call whose ownership rule the service applies.
    const access: RouteAccess = who === 'anyone' ? 'public' : who === 'admin' ? 'admin' : 'learner';
    return key(method, path.replace(/\{(\w+)\}/g, ':$1'), access);
  });
}

describe('the route table', () => {
  it('names each method and path once', () => {
    const calls = allRoutes().map(({ method, path }) => `${method} ${path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('gives every route a body class (or none) and an answer shape', () => {
    for (const { name, method } of allRoutes()) {
      const shape = routeShape(name);
      expect(shape).toBeDefined();
      if (method === 'GET') expect({ name, body: shape?.body }).toEqual({ name, body: null });
    }
  });

  it('fills a path’s params, URL-encoded, and gives msw the template under /api', () => {
    expect(routePath(ROUTES.qna.accept, { questionId: 'abc' })).toBe('/qna/accept/abc');
    expect(routePath(ROUTES.projects.solution, { projectId: 'p 1', checkId: 'c/2' })).toBe('/project/p%201/checks/c%2F2/solution');
    expect(routePath(ROUTES.users.me)).toBe('/users/me');
    expect(apiPath(ROUTES.projects.solution)).toBe('/api/project/:projectId/checks/:checkId/solution');
  });

  it('is what docs/api-contract.md’s call tables list, both ways', () => {
    const documented = new Set(documentedRoutes(readFileSync(join(repoRoot, 'docs', 'api-contract.md'), 'utf8')));
    const declared = new Set(allRoutes().map(({ method, path, access }) => key(method, path, access)));
    expect([...documented].filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !documented.has(route))).toEqual([]);
  });
});
