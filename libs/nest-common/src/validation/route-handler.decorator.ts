import type { Route, RouteCaller } from '@dblearn/contracts';
import { idRule } from '@dblearn/contracts/dto';
import { forwardedRoute, type ForwardedRoute } from '@dblearn/contracts/route-shapes';
import { applyDecorators, type PipeTransform, UsePipes } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { isMongoId } from 'class-validator';
import { badRequest, forbidden } from '../errors/rpc-errors.js';
import { isJsonObject, refusalMessages } from './refusals.js';
import { createRpcValidationPipe } from './rpc-validation.pipe.js';

const bodyPipe = createRpcValidationPipe();

/**
 * Answers a route the gateway forwards (decision 0051): `@MessagePattern` on the subject derived
 * from the route's name, and a check of the whole `RouteCall` as the gateway checked it, because a
 * service never trusts its callers: the caller (present unless the route is public, an admin on an
 * admin route), each `:param` an ObjectId, the body with the route's body class (null without one).
 *
 *   @RouteHandler(ROUTES.review.grade)
 *   grade(@Payload() { caller, body }: RouteCall<ReviewGradeDto>) { … }
 */
export function RouteHandler(route: Route): MethodDecorator {
  const forwarded = forwardedRoute(route);
  return applyDecorators(MessagePattern(forwarded.pattern), UsePipes(routeCallPipe(forwarded)));
}

function routeCallPipe({ route, body: bodyType, params: paramNames }: ForwardedRoute): PipeTransform<unknown, Promise<unknown>> {
  return {
    async transform(value) {
      if (!isJsonObject(value)) throw badRequest('caller, params and body are required.');
      const { caller = null, params = {}, body = null, ...others } = value;
      if (route.access !== 'public' && !isCaller(caller)) throw badRequest('caller must be a signed-in user.');
      if (route.access === 'admin' && (caller as RouteCaller).isAdmin !== true) throw forbidden('Only an administrator can do this.');
      const messages: string[] = [];
      if (!isJsonObject(params)) messages.push('params must be an object.');
      else {
        messages.push(...paramNames.filter((name) => !(typeof params[name] === 'string' && isMongoId(params[name]))).map((name) => idRule(name).message));
        messages.push(...Object.keys(params).filter((name) => !paramNames.includes(name)).map((name) => `The param "${name}" is not allowed.`));
      }
      let checked: unknown = null;
      if (bodyType === null) {
        if (body !== null) messages.push('This call takes no body.');
      } else if (!isJsonObject(body)) messages.push('body must be an object.');
      else {
        try {
          checked = await bodyPipe.transform(body, { type: 'body', metatype: bodyType });
        } catch (error) {
          messages.push(...refusalMessages(error));
        }
      }
      messages.push(...Object.keys(others).map((field) => `The field "${field}" is not allowed.`));
      if (messages.length > 0) throw badRequest(messages);
      return { caller, params, body: checked };
    },
  };
}

function isCaller(value: unknown): boolean {
  return isJsonObject(value) && Object.keys(value).every((key) => key === '_id' || key === 'isAdmin') && typeof value._id === 'string' && isMongoId(value._id) && (value.isAdmin === undefined || typeof value.isAdmin === 'boolean');
}
