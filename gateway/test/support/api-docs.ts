import { expect } from '@jest/globals';
import type { Server } from 'node:http';
import request, { type Response } from 'supertest';

/** The parts of GET /api/docs-json these tests read. */
export interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  /** A map's values (zod's record): any key, each value this shape. */
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export async function apiDocument(server: Server | string): Promise<ApiDocument> {
  const response = await request(server).get('/api/docs-json');
  expect(response.status).toBe(200);
  return response.body as ApiDocument;
}

const documents = new Map<string, Promise<ApiDocument>>();

/**
 * For checked(): an /api answer that /api/docs documents (its call and status) must be exactly the
 * documented shape, and a 2xx answer must be documented. So every answer any suite sees is compared with the docs.
 */
export async function expectAnswerAsDocumented(response: Response): Promise<void> {
  const { method, url } = (response as unknown as { request: { method: string; url: string } }).request;
  const { origin, pathname } = new URL(url);
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/docs') || !response.type.includes('json')) return;
  let document = documents.get(origin);
  if (!document) documents.set(origin, (document = apiDocument(origin)));
  const template = documentedPath(await document, pathname);
  // An unknown route's 404 is no documented call.
  if (!template) return;
  const documented = (await document).paths[template]?.[method.toLowerCase()]?.responses[String(response.status)];
  if (documented || response.status < 300) expectAsDocumented(await document, method.toLowerCase(), pathname, response);
}

function resolve(document: ApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const target = document.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`/api/docs refers to ${schema.$ref}, which it does not define.`);
  return resolve(document, target);
}

/**
 * What a schema leaves undocumented, as `at.field` paths: an object without properties, a field
 * without a type, an array without items. A documented field is a type, an enum, a reference or a choice of them.
 */
export function undocumentedFields(document: ApiDocument, schema: Schema, at: string, seen = new Set<Schema>()): string[] {
  const resolved = resolve(document, schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const choices = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (choices) return choices.flatMap((choice) => undocumentedFields(document, choice, at, seen));
  if (resolved.enum) return [];
  switch (resolved.type) {
    case 'object': {
      const fields = Object.entries(resolved.properties ?? {});
      const values = resolved.additionalProperties;
      if (fields.length === 0 && typeof values === 'object') return undocumentedFields(document, values, `${at}.*`, seen);
      if (fields.length === 0) return [`${at} (an object with no documented fields)`];
      return fields.flatMap(([name, field]) => undocumentedFields(document, field, `${at}.${name}`, seen));
    }
    case 'array':
      return resolved.items ? undocumentedFields(document, resolved.items, `${at}[]`, seen) : [`${at}[] (items not documented)`];
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return [];
    default:
      return [`${at} (no type)`];
  }
}

/** Where a real value differs from its documented schema: fields it has that the docs do not name, named fields it lacks, wrong types. */
export function differences(document: ApiDocument, schema: Schema, value: unknown, at = '$'): string[] {
  const resolved = resolve(document, schema);
  if (value === null) return resolved.nullable || resolved.enum?.includes(null) ? [] : [`${at} is null, which the docs do not allow`];
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) {
    const each = choices.map((choice) => differences(document, choice, value, at));
    return each.some((problems) => problems.length === 0) ? [] : [`${at} matches none of its documented shapes: ${each.flat().join('; ')}`];
  }
  if (resolved.allOf) return resolved.allOf.flatMap((part) => differences(document, part, value, at));
  if (resolved.enum && !resolved.enum.includes(value)) return [`${at} is ${JSON.stringify(value)}, not one of ${JSON.stringify(resolved.enum)}`];
  switch (resolved.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at} is not an object`];
      const properties = resolved.properties ?? {};
      const record = value as Record<string, unknown>;
      const values = typeof resolved.additionalProperties === 'object' ? resolved.additionalProperties : null;
      return [
        ...Object.keys(record)
          .filter((field) => !(field in properties))
          .flatMap((field) => (values ? differences(document, values, record[field], `${at}.${field}`) : [`${at}.${field} is in the answer but not in the docs`])),
        ...(resolved.required ?? []).filter((field) => !(field in record)).map((field) => `${at}.${field} is documented as required but missing`),
        ...Object.entries(record)
          .filter(([field, fieldValue]) => field in properties && fieldValue !== undefined)
          .flatMap(([field, fieldValue]) => differences(document, properties[field]!, fieldValue, `${at}.${field}`)),
      ];
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, index) => differences(document, resolved.items ?? {}, item, `${at}[${index}]`)) : [`${at} is not an array`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at} is not an integer`];
    case 'number':
    case 'string':
    case 'boolean':
      return typeof value === resolved.type ? [] : [`${at} is not a ${resolved.type}`];
    default:
      return [];
  }
}

/** The documented path a real one falls under: `/api/course/665f…` → `/api/course/{id}` (the most literal one wins). */
export function documentedPath(document: ApiDocument, path: string): string | undefined {
  const segments = path.split('?')[0]!.split('/');
  const matches = Object.keys(document.paths).filter((template) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, index) => part.startsWith('{') || part === segments[index]);
  });
  const literal = (template: string) => template.split('/').filter((part) => !part.startsWith('{')).length;
  return matches.sort((a, b) => literal(b) - literal(a))[0];
}

/**
 * Fails unless `response` is exactly what /api/docs says `method path` answers with its status:
 * every field documented, every documented required field there. `path` is the real one (`/api/course/665f…`).
 */
export function expectAsDocumented(document: ApiDocument, method: string, path: string, response: Response): void {
  const template = documentedPath(document, path);
  if (!template) throw new Error(`/api/docs documents no path like ${path}.`);
  const call = `${method.toUpperCase()} ${template}`;
  const schema = document.paths[template]?.[method]?.responses[String(response.status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`/api/docs says nothing of a ${response.status} JSON answer to ${call}.`);
  expect({ call, status: response.status, differences: differences(document, schema, response.body) }).toEqual({ call, status: response.status, differences: [] });
}
