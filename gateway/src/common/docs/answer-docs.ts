import * as answers from '@dblearn/contracts/answers';
import { ErrorEnvelopeAnswer } from '@dblearn/contracts/answers';
import { getSchemaPath, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** One of @dblearn/contracts/answers: a zod shape with an `id` (its OpenAPI component's name). */
export type Answer = z.ZodType;

function componentName(answer: Answer): string {
  const id = z.globalRegistry.get(answer)?.id;
  if (typeof id !== 'string') throw new Error('A documented answer needs .meta({ id }) in @dblearn/contracts/answers.');
  return id;
}

/** What `@ApiOkResponse({ schema })` takes for an answer, or for a list of them (`[Course]`). */
export function answerSchema(answer: Answer | [Answer]): SchemaObject | ReferenceObject {
  return Array.isArray(answer) ? { type: 'array', items: { $ref: getSchemaPath(componentName(answer[0])) } } : { $ref: getSchemaPath(componentName(answer)) };
}

/** The body of every 4xx and 5xx answer. */
export const ERROR_ENVELOPE = answerSchema(ErrorEnvelopeAnswer);

/** The 401 of every call that needs a signed-in user (a deleted account's token included: issue 30). */
export const NOT_SIGNED_IN = { schema: ERROR_ENVELOPE, description: 'No token, a bad or expired one, or its account no longer exists.' };

/** The 403 of every admin-only call. */
export const NOT_AN_ADMIN = { schema: ERROR_ENVELOPE, description: 'The caller is not an admin.' };

/** An admin-only call's description says so. */
export const adminOnly = (description?: string): string => `${description ? `${description} ` : ''}Admins only.`;

/**
 * Every answer shape of @dblearn/contracts/answers as an OpenAPI component, generated from its one
 * zod definition (fields, types, enums, nullability, descriptions, examples): no class restates it.
 */
export function answerComponents(): Record<string, SchemaObject> {
  const registry = z.registry<{ id: string }>();
  for (const answer of Object.values(answers)) registry.add(answer, { id: componentName(answer) });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'openapi-3.0',
    uri: (id) => getSchemaPath(id),
    // z.number().int() comes with JavaScript's safe-integer bounds, which say nothing to a reader.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  // `$id` is JSON Schema's, not OpenAPI 3.0's: the component's name already says it.
  return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, ...schema }]) => [name, schema as SchemaObject]));
}
