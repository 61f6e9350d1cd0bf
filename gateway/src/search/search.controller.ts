import { AUTH_HEADER, COMMUNITY_PATTERNS, CONTENT_PATTERNS, PAGE_SIZE, ROUTES, SEARCH_LIMITS, type SearchKind, type SearchPage, type ServiceSearch, USER_LIMITS } from '@dblearn/contracts';
import { SearchPageAnswer } from '@dblearn/contracts/answers';
import { SearchQueryDto } from '@dblearn/contracts/dto';
import { Controller, Get, HttpException, Query, ServiceUnavailableException } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { answerSchema, ERROR_ENVELOPE, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { UserRate } from '../common/limits/user-limits.js';
import { ServiceClients } from '../services/service-clients.js';
import { mergeSearch, type SearchPart } from './search-merge.js';

const CONTENT_KINDS: readonly SearchKind[] = ['course', 'tutorial', 'project', 'interview'];
const COMMUNITY_KINDS: readonly SearchKind[] = ['qna'];
const NOBODY_ANSWERED = 'Search is unavailable right now; try again in a moment.';

/**
 * CONTRACT "Search" (issue 22): svc-content and svc-community each rank what they own from memory;
 * this asks the ones the kind concerns at once and merges. A service that fails or is too slow
 * leaves its kinds out (named in `missing`) instead of failing the search.
 */
@ApiTags('search')
@ApiSecurity(AUTH_HEADER)
@ApiUnauthorizedResponse(NOT_SIGNED_IN)
@Controller()
export class SearchController {
  constructor(private readonly services: ServiceClients) {}

  @Get(ROUTES.search.search.path)
  // Issue 30: one learner's flood of searches slowed everyone's (p50 5 → 143 ms).
  @UserRate('searches')
  @ApiOperation({
    summary: 'Search courses, tutorials, projects, interview questions and Q&A threads',
    description: `q is 1–${SEARCH_LIMITS.query.max} characters after trimming; words of 3+ letters also find longer words they begin, a small typo is forgiven; a title match ranks above a body match. ${PAGE_SIZE} results a page, at most ${SEARCH_LIMITS.maxPage} pages.`,
  })
  @ApiOkResponse({ schema: answerSchema(SearchPageAnswer) })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'q missing, empty or too long; an unknown kind; page not 1–20.' })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: `"Too many searches in a minute. Try again in N seconds." with Retry-After, past ${USER_LIMITS.searches.limit} a minute per user (SEARCH_RATE_LIMIT).` })
  @ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'Neither service answered.' })
  async search(@Query() { q, kind, page = 1 }: SearchQueryDto): Promise<SearchPage> {
    const request = { q, kind, limit: page * PAGE_SIZE };
    const parts: Promise<SearchPart>[] = [];
    if (!kind || CONTENT_KINDS.includes(kind)) parts.push(this.part(CONTENT_KINDS, this.services.send(CONTENT_PATTERNS.search, request)));
    if (!kind || COMMUNITY_KINDS.includes(kind)) parts.push(this.part(COMMUNITY_KINDS, this.services.send(COMMUNITY_PATTERNS.search, request)));
    const answered = await Promise.all(parts);
    if (answered.every((part) => part.answer === null)) throw new ServiceUnavailableException(NOBODY_ANSWERED);
    return mergeSearch(answered, kind, page);
  }

  /** A refusal (4xx) is the caller's and goes back; a failure (5xx, no answer) only leaves the kinds out. */
  private async part(kinds: readonly SearchKind[], answer: Promise<ServiceSearch>): Promise<SearchPart> {
    try {
      return { kinds, answer: await answer };
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) throw error;
      return { kinds, answer: null };
    }
  }
}
