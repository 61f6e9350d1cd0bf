import { AUTH_HEADER, TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { applyDecorators, type Type } from '@nestjs/common';
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
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '../auth/roles.decorator.js';
import { ErrorEnvelopeDoc } from '../common/docs/error-envelope.doc.js';

/** Sets X-Total-Count and answers the page's items (the list calls answer a plain array). */
export function pageItems<T>(response: Response, page: { items: T[]; total: number }): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

interface CallDoc {
  summary: string;
  description?: string;
  type: Type<unknown> | [Type<unknown>];
  /** 201 for creations. */
  created?: boolean;
  /** The call names an item by id (400 malformed, 404 unknown). */
  byId?: boolean;
}

const NOT_SIGNED_IN = { type: ErrorEnvelopeDoc, description: 'No token, or a bad or expired one.' };

/** A call any signed-in user may make, with its OpenAPI description. */
export function SignedIn({ summary, description, type, byId }: CallDoc): MethodDecorator {
  return applyDecorators(
    ApiSecurity(AUTH_HEADER),
    ApiOperation({ summary, description }),
    ApiOkResponse({ type }),
    ApiUnauthorizedResponse(NOT_SIGNED_IN),
    ...(byId ? [ApiBadRequestResponse({ type: ErrorEnvelopeDoc, description: 'Malformed id.' }), ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such item.' })] : []),
  );
}

/** An admin-only write (SPEC §6): 403 for learners, 400 naming each broken rule. */
export function AdminWrite({ summary, description, type, created, byId }: CallDoc): MethodDecorator {
  return applyDecorators(
    Roles('admin'),
    ApiSecurity(AUTH_HEADER),
    ApiOperation({ summary, description: `${description ? `${description} ` : ''}Admins only.` }),
    created ? ApiCreatedResponse({ type }) : ApiOkResponse({ type }),
    ApiBadRequestResponse({ type: ErrorEnvelopeDoc, description: 'A rule of SPEC §5 is broken, an unknown field was sent, or an id is malformed.' }),
    ApiUnauthorizedResponse(NOT_SIGNED_IN),
    ApiForbiddenResponse({ type: ErrorEnvelopeDoc, description: 'The caller is not an admin.' }),
    ...(byId ? [ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such item.' })] : []),
  );
}

/** On every content controller: what a caller gets while svc-content is away. */
export const ContentUnavailable = (): ClassDecorator =>
  ApiServiceUnavailableResponse({ type: ErrorEnvelopeDoc, description: 'The content service is down or did not answer in time.' });
