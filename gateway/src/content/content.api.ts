import { AUTH_HEADER } from '@dblearn/contracts';
import { ADMIN_WRITE_REFUSED, NO_SUCH_ITEM } from '@dblearn/contracts/route-shapes';
import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiUnauthorizedResponse,
  type HeadersObject,
} from '@nestjs/swagger';
import { Roles } from '../auth/roles.decorator.js';
import { adminOnly, type Answer, answerSchema, ERROR_ENVELOPE, NOT_AN_ADMIN, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';

interface CallDoc {
  summary: string;
  description?: string;
  /** The answer's shape from @dblearn/contracts/answers; `[Shape]` for a list. */
  answer: Answer | [Answer];
  /** Headers of the answer (a list's X-Total-Count). */
  headers?: HeadersObject;
  /** 201 for creations. */
  created?: boolean;
  /** The call names an item by id (400 malformed, 404 unknown). */
  byId?: boolean;
}

/** A call any signed-in user may make, with its OpenAPI description. */
export function SignedIn({ summary, description, answer, headers, byId }: CallDoc): MethodDecorator {
  return applyDecorators(
    ApiSecurity(AUTH_HEADER),
    ApiOperation({ summary, description }),
    ApiOkResponse({ schema: answerSchema(answer), ...(headers ? { headers } : {}) }),
    ApiUnauthorizedResponse(NOT_SIGNED_IN),
    ...(byId ? [ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'Malformed id.' }), ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: NO_SUCH_ITEM })] : []),
  );
}

/** An admin-only write (SPEC §6): 403 for learners, 400 naming each broken rule. */
export function AdminWrite({ summary, description, answer, headers, created, byId }: CallDoc): MethodDecorator {
  return applyDecorators(
    Roles('admin'),
    ApiSecurity(AUTH_HEADER),
    ApiOperation({ summary, description: adminOnly(description) }),
    created ? ApiCreatedResponse({ schema: answerSchema(answer) }) : ApiOkResponse({ schema: answerSchema(answer), ...(headers ? { headers } : {}) }),
    ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: ADMIN_WRITE_REFUSED }),
    ApiUnauthorizedResponse(NOT_SIGNED_IN),
    ApiForbiddenResponse(NOT_AN_ADMIN),
    ...(byId ? [ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: NO_SUCH_ITEM })] : []),
  );
}

/** On every content controller: what a caller gets while svc-content is away. */
export const ContentUnavailable = (): ClassDecorator =>
  ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The content service is down or did not answer in time.' });
