import type { Route, RouteCall, RouteCaller } from '@dblearn/contracts';
import { forwardedRoute } from '@dblearn/contracts/route-shapes';

/** The admin a test's forwarded admin calls come from (any ObjectId: the service trusts the gateway's roster check). */
export const TEST_ADMIN: RouteCaller = { _id: '5f0000000000000000000ad1', isAdmin: true };

/**
 * What the gateway's forwarder sends for a forwarded route (decision 0051), as `send`'s first two
 * arguments: the subject derived from the route and its RouteCall, from an admin unless `caller`
 * says otherwise. `content.send<Course>(...routeCall(ROUTES.courses.update, { params: { id }, body }))`.
 */
export function routeCall(
  route: Route,
  { params = {}, body = null, caller = TEST_ADMIN }: { params?: Record<string, string>; body?: object | null; caller?: RouteCaller | null } = {},
): [pattern: string, call: RouteCall<object | null, string, RouteCaller | null>] {
  return [forwardedRoute(route).pattern, { caller, params, body }];
}
