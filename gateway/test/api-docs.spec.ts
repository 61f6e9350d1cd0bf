import * as answers from '@dblearn/contracts/answers';
import * as contractDtos from '@dblearn/contracts/dto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { z } from 'zod';
import { type ApiDocument, apiDocument, undocumentedFields } from './support/api-docs.js';
import { startGateway, type TestGateway } from './support/gateway.js';

/*
 * /api/docs documents every call the gateway routes, from Nest's own route table: its body (the
 * contracts DTO, field for field as class-validator checks it) and its answer (a shape of
 * @dblearn/contracts/answers). A new endpoint without docs, or a class restating a contract shape, fails here.
 * No service is needed: NATS is never reached.
 */

interface Route {
  method: string;
  /** As /api/docs names it: /api/course/{id}. */
  path: string;
  /** The class of its @Body(), if it takes one. */
  body?: Type;
  /** What it reads from its path and query: named (`@Param('id')`) or every field of a DTO (`@Query() query: ListQueryDto`). */
  parameters: string[];
}

const PARAMETER_PLACES: Partial<Record<RouteParamtypes, string>> = { [RouteParamtypes.PARAM]: 'path', [RouteParamtypes.QUERY]: 'query' };

/** Every route of every controller the app mounted. */
function routes(gateway: TestGateway): Route[] {
  const found: Route[] = [];
  for (const module of gateway.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as Type;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
        const bodyArg = Object.entries(args).find(([key]) => key.split(':')[0] === String(RouteParamtypes.BODY))?.[1];
        const parameterTypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as Type[];
        const parameters = Object.entries(args).flatMap(([key, arg]) => {
          const place = PARAMETER_PLACES[Number(key.split(':')[0]) as RouteParamtypes];
          if (!place) return [];
          const { data } = arg as { data?: string };
          return (data ? [data] : validatedFields(parameterTypes[arg.index]!)).map((field) => `${place} ${field}`);
        });
        found.push({
          method: RequestMethod[method].toLowerCase(),
          path: `/api/${base}/${path}`.replace(/\/+/g, '/').replace(/\/$/, '').replace(/:(\w+)/g, '{$1}'),
          ...(bodyArg ? { body: parameterTypes[bodyArg.index] } : {}),
          parameters: parameters.sort(),
        });
      }
    }
  }
  return found;
}

function validatedFields(dto: Type): string[] {
  return [...new Set(getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).map((rule) => rule.propertyName))].sort();
}

let gateway: TestGateway;
let document: ApiDocument;
let all: Route[];

beforeAll(async () => {
  gateway = await startGateway({ NATS_URL: 'nats://127.0.0.1:9' });
  document = await apiDocument(gateway.server);
  all = routes(gateway);
});

afterAll(async () => {
  await gateway?.close();
});

describe('/api/docs', () => {
  it('finds the routes to check (the route table is read right)', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all).toContainEqual({ method: 'get', path: '/api/course/{id}', parameters: ['path id'] });
    expect(all).toContainEqual({ method: 'get', path: '/api/qna', parameters: ['query page', 'query pageSize', 'query topic'] });
    expect(all).toContainEqual({ method: 'post', path: '/api/users', body: contractDtos.RegisterUserDto, parameters: [] });
  });

  it('documents every route', () => {
    const missing = all.filter(({ method, path }) => !document.paths[path]?.[method]).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('documents every answer, field by field', () => {
    const problems = all.flatMap(({ method, path }) => {
      const operation = document.paths[path]![method]!;
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) return [`${method.toUpperCase()} ${path}: no 2xx answer`];
      return success.flatMap(([status, { content }]) => {
        const json = content?.['application/json']?.schema;
        if (json) return undocumentedFields(document, json, `${method.toUpperCase()} ${path} ${status}`);
        // Plain text (POST /auth's token) and Server-Sent Events (GET /live/qna, its frames described in words).
        const text = content?.['text/plain'] ?? content?.['text/event-stream'];
        return text?.schema.type === 'string' ? [] : [`${method.toUpperCase()} ${path} ${status}: no documented body`];
      });
    });
    expect(problems).toEqual([]);
  });

  // Its DTO, or (where the DTO checks only an outline, as the import's) the contracts shape with the same fields.
  it('documents every body with exactly the fields its contracts DTO checks', () => {
    const problems = all.flatMap(({ method, path, body }) => {
      const documented = document.paths[path]![method]!.requestBody?.content['application/json']?.schema;
      const call = `${method.toUpperCase()} ${path}`;
      if (!body) return documented ? [`${call}: documents a body it does not take`] : [];
      if (!documented?.$ref) return [`${call}: its ${body.name} body is not documented`];
      const component = documented.$ref.replace('#/components/schemas/', '');
      const fields = Object.keys(document.components.schemas[component]?.properties ?? {}).sort();
      return [
        ...(JSON.stringify(fields) === JSON.stringify(validatedFields(body)) ? [] : [`${call}: documents ${fields.join(', ')}; ${body.name} checks ${validatedFields(body).join(', ')}`]),
        ...undocumentedFields(document, documented, call),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('documents every path and query parameter a route reads, once', () => {
    const problems = all.flatMap(({ method, path, parameters }) => {
      const documented = (document.paths[path]![method]!.parameters ?? []).filter((parameter) => parameter.in !== 'header').map((parameter) => `${parameter.in} ${parameter.name}`).sort();
      return JSON.stringify(documented) === JSON.stringify(parameters) ? [] : [`${method.toUpperCase()} ${path}: documents ${documented.join(', ') || 'none'}; reads ${parameters.join(', ') || 'none'}`];
    });
    expect(problems).toEqual([]);
  });

  it('describes only shapes of the contracts: no gateway class restates one', () => {
    const dtoNames = Object.entries(contractDtos)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    const answerNames = Object.values(answers).map((answer) => z.globalRegistry.get(answer)?.id);
    const foreign = Object.keys(document.components.schemas).filter((name) => !dtoNames.includes(name) && !answerNames.includes(name));
    expect(foreign).toEqual([]);
  });
});
