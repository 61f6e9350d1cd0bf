/** Who makes a forwarded call: the signed-in user as the gateway's token check found them. */
export interface RouteCaller {
  readonly _id: string;
  /**
   * Confirmed against the gateway's admin roster, and sent only where a rule needs it: always true on an
   * admin route, and on a route whose forward entry sets `callerIsAdmin` ("author or admin"). Absent
   * elsewhere, so a rule that reads it by mistake treats the caller as a learner.
   */
  readonly isAdmin?: boolean;
}

/**
 * The one NATS message the gateway's forwarder sends for every forwarded route (decision 0051):
 * the caller (null only on a public route), the path's `:params` (each an ObjectId) and the JSON
 * body as the route's body class (null for a route without one). The service checks all three
 * again with nest-common's `@RouteHandler`; a handler reads `RouteCall<ReviewGradeDto>` or
 * `RouteCall<null, 'questionId'>`.
 */
export interface RouteCall<Body extends object | null = null, Params extends string = never, Caller extends RouteCaller | null = RouteCaller> {
  readonly caller: Caller;
  readonly params: Readonly<Record<Params, string>>;
  readonly body: Body;
}

/**
 * A forwarded route's NATS subject, derived from its name in ROUTES (`users.route.review.grade`):
 * no patterns file lists it, and it starts with its service's name, as the bus permissions need.
 */
export const routeCallPattern = (service: string, routeName: string): string => `${service}.route.${routeName}`;
