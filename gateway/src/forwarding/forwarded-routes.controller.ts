import { AUTH_HEADER, type RouteCall, type RouteCaller, type RouteMethod, type TokenClaims } from '@dblearn/contracts';
import { type ForwardedRoute, forwardedRoutes } from '@dblearn/contracts/route-shapes';
import { applyDecorators, Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccountRoles } from '../auth/account-roles.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { adminOnly, type Answer, answerSchema, ERROR_ENVELOPE, NOT_AN_ADMIN, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { ServiceClients } from '../services/service-clients.js';

/*
 * The gateway's handlers for every route with a `forward` entry in ROUTE_SHAPES (decision 0051),
 * built when this module loads, one controller class per area of ROUTES, with the decorators a
 * hand-written controller would carry: the method and path, the status, who may call it (the same
 * guards), the body class (validated by the global validation pipe), an ObjectId pipe per `:param`
 * and the /api/docs entry. Each handler only sends the route's `RouteCall` to its service, so the
 * answers and refusals are the service's, as with a hand-written forwarding controller.
 */

const METHODS: Record<RouteMethod, (path: string) => MethodDecorator> = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete };

interface Forwarder {
  readonly services: ServiceClients;
  readonly roles: AccountRoles;
}

/** The caller as the service sees it: `isAdmin` only where the route needs it (RouteCaller), confirmed as the roles guard confirms it. */
async function routeCaller(roles: AccountRoles, { route, forward }: ForwardedRoute, claims: TokenClaims | undefined): Promise<RouteCaller | null> {
  if (!claims) return null;
  if (route.access === 'admin') return { _id: claims._id, isAdmin: true };
  return forward.callerIsAdmin ? { _id: claims._id, isAdmin: await roles.has(claims, 'admin') } : { _id: claims._id };
}

function docs({ name, route, answer, forward }: ForwardedRoute): MethodDecorator[] {
  if (typeof answer === 'string') throw new Error(`${name}: a forwarded route answers JSON, not ${answer}.`);
  const schema = answerSchema(Array.isArray(answer) ? [answer[0] as Answer] : (answer as Answer));
  const { errors = {} } = forward;
  const description = route.access === 'admin' ? adminOnly(forward.description) : forward.description;
  return [
    ApiOperation({ summary: forward.summary, ...(description ? { description } : {}) }),
    forward.created ? ApiCreatedResponse({ schema, description: forward.answerDescription }) : ApiOkResponse({ schema, description: forward.answerDescription }),
    ...(route.access === 'public' ? [] : [ApiSecurity(AUTH_HEADER), ApiUnauthorizedResponse(NOT_SIGNED_IN)]),
    ...(route.access === 'admin' ? [ApiForbiddenResponse(NOT_AN_ADMIN)] : []),
    ...(errors[400] ? [ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: errors[400] })] : []),
    ...(errors[404] ? [ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: errors[404] })] : []),
    ...(errors[409] ? [ApiConflictResponse({ schema: ERROR_ENVELOPE, description: errors[409] })] : []),
    ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: `The ${forward.service} service (or one it asks) is down or did not answer in time; nothing was stored.` }),
  ];
}

/** Adds one route's handler to a controller's prototype: its arguments are the caller, the body (if the route takes one), then each `:param`. */
function mount(prototype: object, method: string, forwarded: ForwardedRoute): void {
  const { route, body: bodyClass, forward, pattern, params: paramNames } = forwarded;
  const takesBody = bodyClass !== null;
  async function handler(this: Forwarder, caller: TokenClaims | undefined, ...values: unknown[]): Promise<unknown> {
    const body = takesBody ? (values.shift() as object) : null;
    const call: RouteCall<object | null, string, RouteCaller | null> = {
      caller: await routeCaller(this.roles, forwarded, caller),
      params: Object.fromEntries(paramNames.map((name, index) => [name, values[index] as string])),
      body,
    };
    return this.services.get(forward.service).send(pattern, call, forward.timeoutMs);
  }
  // Named as the method: Swagger finds a handler's parameters by its function's name.
  Object.defineProperty(handler, 'name', { value: method });
  Object.defineProperty(prototype, method, { value: handler, writable: true, configurable: true });
  // What TypeScript would emit for `(caller: TokenClaims, body: BodyClass, questionId: string)`: the global pipe validates the body with it.
  Reflect.defineMetadata('design:paramtypes', [Object, ...(takesBody ? [bodyClass] : []), ...paramNames.map(() => String)], prototype, method);
  // Last parameter first, as TypeScript applies parameter decorators: /api/docs lists the path's params in the path's order.
  for (let index = paramNames.length - 1; index >= 0; index--) Param(paramNames[index]!, ObjectIdPipe)(prototype, method, index + (takesBody ? 2 : 1));
  if (takesBody) Body()(prototype, method, 1);
  CurrentUser()(prototype, method, 0);
  const access = route.access === 'public' ? [Public()] : route.access === 'admin' ? [Roles('admin')] : [];
  const status = forward.created ? HttpStatus.CREATED : HttpStatus.OK;
  applyDecorators(METHODS[route.method](route.path), HttpCode(status), ...access, ...docs(forwarded))(prototype, method, Object.getOwnPropertyDescriptor(prototype, method)!);
}

/** One controller for an area's forwarded routes, named as its hand-written one was (`ReviewController`), so /api/docs keeps its operation ids. */
function areaController(area: string, routes: ForwardedRoute[]): Type {
  @ApiTags(routes[0]?.forward.tag ?? area)
  @Controller()
  class AreaController implements Forwarder {
    constructor(
      readonly services: ServiceClients,
      readonly roles: AccountRoles,
    ) {}
  }
  Object.defineProperty(AreaController, 'name', { value: `${area[0]!.toUpperCase()}${area.slice(1)}Controller` });
  for (const forwarded of routes) mount(AreaController.prototype, forwarded.name.split('.')[1]!, forwarded);
  return AreaController;
}

/** The controllers serving these forwarded routes, one per area. */
export function forwardingControllers(routes: readonly ForwardedRoute[]): Type[] {
  const areas = [...new Set(routes.map(({ name }) => name.split('.')[0]!))];
  return areas.map((area) => areaController(area, routes.filter(({ name }) => name.startsWith(`${area}.`))));
}

/** Every forwarded route's controller, for ForwardingModule (and the route test, which reads them as it reads the others). */
export const FORWARDED_CONTROLLERS: readonly Type[] = forwardingControllers(forwardedRoutes());
