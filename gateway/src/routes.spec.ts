import 'reflect-metadata';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { allRoutes, type RouteAccess } from '@dblearn/contracts';
import { routeShape, type RouteShape } from '@dblearn/contracts/route-shapes';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DECORATORS } from '@nestjs/swagger';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IS_PUBLIC_KEY } from './auth/public.decorator.js';
import { RolesGuard } from './auth/roles.guard.js';
import { ROLES_KEY, type Role } from './auth/roles.js';
import { answerSchema } from './common/docs/answer-docs.js';

// The route table in @dblearn/contracts is the one declaration of a route: every handler of every
// controller here must be in it (method, path, who may call it, the body class it validates with,
// the answer it documents), and every route of it must have its handler. Read from the decorators'
// metadata, the way Nest's router reads them, so nothing has to boot. The forwarder's generated
// handlers (forwarding/forwarded-routes.controller.ts) are read the same way.

interface RegisteredRoute {
  key: string;
  handler: string;
  body: unknown;
  guards: unknown[];
  responses: Record<string, { schema?: unknown; content?: Record<string, unknown> }>;
}

function controllerFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return controllerFiles(path);
    return entry.endsWith('.controller.ts') ? [path] : [];
  });
}

const joinPath = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const found: RegisteredRoute[] = [];
  for (const file of controllerFiles(import.meta.dirname)) {
    const exported = (await import(file)) as Record<string, unknown>;
    // `.flat()`: the forwarded routes' controllers are built at load time and exported as a list.
    for (const controller of Object.values(exported).flat()) {
      if (typeof controller !== 'function') continue;
      const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
      if (base === undefined) continue;
      const prototype = controller.prototype as Record<string, object>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name]!;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined || name === 'constructor') continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const read = <T>(key: string): T | undefined => (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
        const roles = read<Role[]>(ROLES_KEY) ?? [];
        const access: RouteAccess = read<boolean>(IS_PUBLIC_KEY) ? 'public' : roles.includes('admin') ? 'admin' : 'learner';
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
        const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
        const bodyArg = Object.entries(args).find(([argKey]) => argKey.startsWith(`${RouteParamtypes.BODY}:`));
        found.push({
          key: `${method} ${joinPath(base, path)} ${access}`,
          handler: `${controller.name}.${name}`,
          body: bodyArg ? types[bodyArg[1].index] : null,
          guards: [...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[] | undefined) ?? [])],
          responses: { ...(Reflect.getMetadata(DECORATORS.API_RESPONSE, controller) ?? {}), ...(Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) ?? {}) } as RegisteredRoute['responses'],
        });
      }
    }
  }
  return found;
}

const declared = allRoutes().map((route) => ({ ...route, key: `${route.method} ${route.path} ${route.access}`, shape: routeShape(route.name) as RouteShape }));

describe('the gateway’s routes', () => {
  let registered: RegisteredRoute[];
  beforeAll(async () => {
    registered = await registeredRoutes();
  });

  it('are the route table’s, with the same access, both ways', () => {
    expect(registered.length).toBeGreaterThan(50);
    const registeredKeys = new Set(registered.map(({ key }) => key));
    const declaredKeys = new Set(declared.map(({ key }) => key));
    expect(registered.filter(({ key }) => !declaredKeys.has(key)).map(({ key, handler }) => `${key} (${handler})`)).toEqual([]);
    expect(declared.filter(({ key }) => !registeredKeys.has(key)).map(({ key, name }) => `${key} (${name})`)).toEqual([]);
    expect(registeredKeys.size).toBe(registered.length);
  });

  it('guard every admin route with the roles guard', () => {
    for (const { key, guards } of registered.filter(({ key }) => key.endsWith(' admin'))) expect({ key, guarded: guards.includes(RolesGuard) }).toEqual({ key, guarded: true });
  });

  it('validate each body with the table’s class', () => {
    for (const { key, body, handler } of registered) {
      const expected = declared.find((route) => route.key === key)?.shape.body;
      expect({ key, handler, body }).toEqual({ key, handler, body: expected });
    }
  });

  it('document the table’s answer', () => {
    for (const { key, responses } of registered) {
      // A route missing from the table is the first test's failure.
      const answer = declared.find((route) => route.key === key)?.shape.answer;
      if (answer === undefined) continue;
      const success = responses['200'] ?? responses['201'];
      if (typeof answer === 'string') expect({ key, mediaType: Object.keys(success?.content ?? {}) }).toEqual({ key, mediaType: [answer] });
      else expect({ key, schema: success?.schema }).toEqual({ key, schema: answerSchema(Array.isArray(answer) ? [answer[0]] : (answer as Parameters<typeof answerSchema>[0])) });
    }
  });
});
