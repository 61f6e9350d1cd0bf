import type { PipeTransform, Type } from '@nestjs/common';
import { isMongoId } from 'class-validator';
import { idRule, type WithPathId } from '@dblearn/contracts/dto';
import { badRequest } from '../errors/rpc-errors.js';
import { isJsonObject, refusalMessages } from './refusals.js';
import { createRpcValidationPipe } from './rpc-validation.pipe.js';

const bodyPipe = createRpcValidationPipe();

/**
 * Validates a `WithPathId` message: `id` with the id rule, worded with the path parameter's name
 * (`courseId must be a valid id.`, before the body's sentences), and `body` with the route's own DTO, as the
 * gateway checked them, so a route needs no DTO that only adds its id. Any other field is refused.
 *
 *   @MessagePattern(CONTENT_PATTERNS.attempt)
 *   attempt(@Payload(PathIdAndBody(AttemptMessageDto, 'projectId')) { id, body }: WithPathId<AttemptMessageDto>) { … }
 */
export function PathIdAndBody<Body extends object>(bodyType: Type<Body>, idName = 'id'): PipeTransform<unknown, Promise<WithPathId<Body>>> {
  return {
    async transform(value) {
      if (!isJsonObject(value)) throw badRequest(`${idName} and body are required.`);
      const { id, body = {}, ...others } = value;
      // The id's sentence first, as when the id was a field of a DTO extending the body's.
      const messages = typeof id === 'string' && isMongoId(id) ? [] : [idRule(idName).message];
      let checked: Body | null = null;
      if (!isJsonObject(body)) messages.push('body must be an object.');
      else {
        try {
          checked = (await bodyPipe.transform(body, { type: 'body', metatype: bodyType })) as Body;
        } catch (error) {
          messages.push(...refusalMessages(error));
        }
      }
      messages.push(...Object.keys(others).map((field) => `The field "${field}" is not allowed.`));
      if (messages.length > 0 || checked === null) throw badRequest(messages);
      return { id: id as string, body: checked };
    },
  };
}
