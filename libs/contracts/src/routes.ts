// Every gateway HTTP route, declared once: method, path (Nest/msw `:param` syntax, without the `/api`
// prefix) and who may call it. The gateway's controllers, the RTK Query endpoints, the msw handlers
// and docs/api-contract.md are checked against this table by tests; each route's body DTO and answer
// shape sit beside it in `ROUTE_SHAPES` (@dblearn/contracts/answers), kept out of this file so that
// browser bundles load neither class-validator nor zod.

/** Who may call a route: anyone, any signed-in user, or administrators only (SPEC §6). Ownership rules come on top, in the services. */
export type RouteAccess = 'public' | 'learner' | 'admin';
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  readonly method: RouteMethod;
  readonly path: `/${string}`;
  readonly access: RouteAccess;
}

const route = <const M extends RouteMethod, const P extends `/${string}`>(method: M, path: P, access: RouteAccess) => ({ method, path, access });

/** The gateway's base path: every route below is served under it. */
export const API_PREFIX = '/api';

export const ROUTES = {
  health: {
    check: route('GET', '/health', 'public'),
  },
  auth: {
    login: route('POST', '/auth', 'public'),
  },
  users: {
    register: route('POST', '/users', 'public'),
    me: route('GET', '/users/me', 'learner'),
    updateMe: route('PATCH', '/users/me', 'learner'),
    deleteMe: route('DELETE', '/users/me', 'learner'),
  },
  progress: {
    finishProject: route('POST', '/users/project/:userId', 'learner'),
    unfinishProject: route('PUT', '/users/project/:userId', 'learner'),
    saveQuestion: route('POST', '/users/interview/:userId', 'learner'),
    unsaveQuestion: route('PUT', '/users/interview/:userId', 'learner'),
    readTutorial: route('POST', '/users/tutorial/:userId', 'learner'),
  },
  review: {
    deck: route('GET', '/users/me/review', 'learner'),
    add: route('POST', '/users/me/review', 'learner'),
    grade: route('POST', '/users/me/review/grade', 'learner'),
    remove: route('DELETE', '/users/me/review/:questionId', 'learner'),
  },
  practice: {
    list: route('GET', '/practice', 'learner'),
    solved: route('GET', '/practice/solved', 'learner'),
    next: route('GET', '/practice/next', 'learner'),
  },
  courses: {
    list: route('GET', '/course', 'learner'),
    find: route('GET', '/course/:id', 'learner'),
    create: route('POST', '/course', 'admin'),
    update: route('PUT', '/course/:id', 'admin'),
    delete: route('DELETE', '/course/:id', 'admin'),
    putSandbox: route('PUT', '/course/sandbox/:courseId', 'admin'),
    findSandbox: route('GET', '/course/sandbox/:courseId', 'learner'),
    runSandbox: route('POST', '/course/sandbox/:courseId/run', 'learner'),
    attachProject: route('PUT', '/course/project/:courseId', 'admin'),
    detachProject: route('PUT', '/course/deleteProject/:courseId', 'admin'),
    attachTutorial: route('PUT', '/course/tutorial/:courseId', 'admin'),
    detachTutorial: route('PUT', '/course/deleteTutorial/:courseId', 'admin'),
  },
  tutorials: {
    find: route('GET', '/tutorial/:id', 'learner'),
    create: route('POST', '/tutorial', 'admin'),
    removeBlock: route('PUT', '/tutorial/content/:tutorialId', 'admin'),
    update: route('PUT', '/tutorial/:id', 'admin'),
    delete: route('DELETE', '/tutorial/:id', 'admin'),
  },
  projects: {
    find: route('GET', '/project/:id', 'learner'),
    create: route('POST', '/project', 'admin'),
    removeBlock: route('PUT', '/project/content/:projectId', 'admin'),
    storedChecks: route('GET', '/project/check/:projectId', 'admin'),
    passes: route('GET', '/project/:projectId/passes', 'learner'),
    addCheck: route('PUT', '/project/check/:projectId', 'admin'),
    updateCheck: route('PUT', '/project/updateCheck/:projectId', 'admin'),
    deleteCheck: route('PUT', '/project/deleteCheck/:projectId', 'admin'),
    attempt: route('POST', '/project/:projectId/attempts', 'learner'),
    solution: route('POST', '/project/:projectId/checks/:checkId/solution', 'learner'),
    update: route('PUT', '/project/:id', 'admin'),
    delete: route('DELETE', '/project/:id', 'admin'),
  },
  interview: {
    list: route('GET', '/interview', 'learner'),
    find: route('GET', '/interview/:id', 'learner'),
    create: route('POST', '/interview', 'admin'),
    update: route('PUT', '/interview/:id', 'admin'),
    delete: route('DELETE', '/interview/:id', 'admin'),
  },
  content: {
    export: route('GET', '/content/export', 'admin'),
    import: route('POST', '/content/import', 'admin'),
  },
  checkAnalysis: {
    list: route('GET', '/checks/analysis', 'admin'),
    find: route('GET', '/checks/analysis/:projectId/:checkId', 'admin'),
  },
  qna: {
    list: route('GET', '/qna', 'learner'),
    find: route('GET', '/qna/:id', 'learner'),
    create: route('POST', '/qna', 'learner'),
    deleteReply: route('PUT', '/qna/reply/:questionId', 'learner'),
    accept: route('PUT', '/qna/accept/:questionId', 'learner'),
    update: route('PUT', '/qna/:id', 'learner'),
    reply: route('POST', '/qna/:id/replies', 'learner'),
    delete: route('DELETE', '/qna/:id', 'learner'),
  },
  live: {
    qna: route('GET', '/live/qna', 'learner'),
  },
  search: {
    search: route('GET', '/search', 'learner'),
  },
} as const satisfies Record<string, Record<string, Route>>;

export type RouteArea = keyof typeof ROUTES;

/** The `:param` names of a path template, as a union of string literal types. */
export type RouteParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsArgument<R extends Route> = [RouteParamNames<R['path']>] extends [never] ? [] : [params: Record<RouteParamNames<R['path']>, string>];

/** A path's `:params`, in the path's order (`/project/:projectId/checks/:checkId` → projectId, checkId). */
export function routeParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/**
 * The path a client calls, its `:params` filled in (each one URL-encoded): `routePath(ROUTES.qna.accept, { questionId })`.
 * Relative to the gateway's base path, as RTK Query's `baseUrl: '/api'` expects.
 */
export function routePath<R extends Route>(route: R, ...[params]: ParamsArgument<R>): string {
  const values = (params ?? {}) as Record<string, string>;
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`routePath: no value for :${name} in ${route.path}.`);
    return encodeURIComponent(value);
  });
}

/** The route's full template under `/api`, for msw handlers (`http.put(apiPath(ROUTES.qna.accept), …)`). */
export const apiPath = (route: Route): string => `${API_PREFIX}${route.path}`;

/** Every route of the table, flattened with its name (`qna.accept`): what the tests walk. */
export function allRoutes(): Array<Route & { name: string }> {
  return Object.entries(ROUTES).flatMap(([area, routes]) => Object.entries(routes).map(([name, value]) => ({ ...(value as Route), name: `${area}.${name}` })));
}
