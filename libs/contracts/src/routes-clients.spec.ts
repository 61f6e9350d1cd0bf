import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { allRoutes } from './routes.js';

// The clients (RTK Query endpoints, msw handlers) build every gateway path from the route table
// (`routePath(ROUTES.x.y, …)`, `apiPath(ROUTES.x.y)`): a path written as a string literal is a fourth
// copy that nothing keeps in step with the gateway.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

/**
 * The shell's first load (the sign-in forms, /users/me, the review badge, search) writes its paths
 * out: importing the table there put a copy of it in four of the shell's chunks and took /login past
 * its 150 kB budget (e2e/tests/first-load.spec.ts). Their paths are checked against the table instead.
 */
const FIRST_LOAD_CLIENTS = [
  'libs/app-providers/src/sign-in/api/login.ts',
  'libs/app-providers/src/sign-in/api/register.ts',
  'libs/web/src/api/me-api.ts',
  'libs/web/src/api/review-api.ts',
  'shell/src/features/search/api/search.ts',
];

/** The clients' files that call the gateway or stand in for it: RTK Query endpoints and msw handlers. */
function clientFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string, keep: (path: string) => boolean) => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path, keep);
      else if (/\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry) && keep(relative(repoRoot, path))) found.push(path);
    }
  };
  const apiFile = (path: string) => /(^|\/)api\//.test(path);
  const workspaces = readdirSync(repoRoot).filter((entry) => entry.startsWith('mf-') || entry === 'shell');
  for (const workspace of workspaces) {
    walk(join(repoRoot, workspace, 'src'), apiFile);
    walk(join(repoRoot, workspace, 'testing'), () => true);
  }
  walk(join(repoRoot, 'libs', 'app-providers', 'src'), apiFile);
  walk(join(repoRoot, 'libs', 'web', 'src', 'api'), () => true);
  walk(join(repoRoot, 'libs', 'web', 'testing'), () => true);
  return found;
}

describe('the clients', () => {
  it('take every gateway path from the route table, never from a string literal', () => {
    const segments = [...new Set(allRoutes().map(({ path }) => path.split('/')[1]))];
    // A quoted path that starts like a route, with or without /api; the msw catch-all '/api/*' is no route.
    const literal = new RegExp(`['"\`](?:/api)?/(?:${segments.join('|')})(?=['"\`/?$])|['"\`]/api/(?!\\*['"\`])`);
    const files = clientFiles().filter((file) => !FIRST_LOAD_CLIENTS.includes(relative(repoRoot, file)));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(repoRoot, file)}:${index + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && literal.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('of the first load write only paths the route table has', () => {
    // '/users/me/review' or `/users/me/review/${…}`: a template's ${…} stands for a :param.
    const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '\\$\\{[^}]+\\}')}$`);
    const routes = allRoutes().map(({ path }) => pattern(path));
    const written = FIRST_LOAD_CLIENTS.flatMap((file) => [...readFileSync(join(repoRoot, file), 'utf8').matchAll(/['`](\/[a-z][^'`]*)['`]/g)].map((match) => ({ file, path: match[1]! })));
    expect(written.length).toBeGreaterThanOrEqual(FIRST_LOAD_CLIENTS.length);
    expect(written.filter(({ path }) => !routes.some((route) => route.test(path)))).toEqual([]);
  });
});
