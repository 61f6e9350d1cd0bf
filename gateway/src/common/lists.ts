import { TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import type { HeadersObject } from '@nestjs/swagger';
import type { Response } from 'express';

/** Sets X-Total-Count and answers the page's items (the list calls answer a plain array). */
export function pageItems<T>(response: Response, page: { items: T[]; total: number }): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

/** The list calls' answer header, for `@ApiOkResponse({ headers })`. */
export function totalCountHeader(items: string): HeadersObject {
  return { [TOTAL_COUNT_HEADER]: { description: `How many ${items} match.`, schema: { type: 'integer' } } };
}
