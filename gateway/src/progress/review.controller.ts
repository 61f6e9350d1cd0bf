import { AUTH_HEADER, type ReviewDeck, ROUTES, type TokenClaims, USERS_PATTERNS } from '@dblearn/contracts';
import { ReviewDeckAnswer } from '@dblearn/contracts/answers';
import { IdDto, ReviewGradeDto } from '@dblearn/contracts/dto';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ObjectIdPipe } from '../common/pipes/object-id.pipe.js';
import { answerSchema, ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { ServiceClients } from '../services/service-clients.js';

/**
 * CONTRACT "Users": the signed-in learner's review deck (issue 34). svc-users schedules each card
 * with FSRS; every call answers the deck as it is now.
 */
@ApiTags('users')
@ApiSecurity(AUTH_HEADER)
@ApiOkResponse({ schema: answerSchema(ReviewDeckAnswer), description: 'The cards due now, their count and the size of the deck.' })
@ApiUnauthorizedResponse({ schema: ERROR_ENVELOPE, description: 'Not signed in.' })
@ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The users or content service is down or did not answer in time; nothing was stored.' })
@Controller()
export class ReviewController {
  constructor(private readonly services: ServiceClients) {}

  @Get(ROUTES.review.deck.path)
  @ApiOperation({ summary: 'The review deck: cards due now' })
  // A GET's own default 200 would hide the class's.
  @ApiOkResponse({ schema: answerSchema(ReviewDeckAnswer), description: 'The cards due now, their count and the size of the deck.' })
  deck(@CurrentUser() caller: TokenClaims): Promise<ReviewDeck> {
    return this.services.send(USERS_PATTERNS.reviewDeck, { userId: caller._id });
  }

  @Post(ROUTES.review.add.path)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Add an interview question to the review deck', description: 'Idempotent: a card already there keeps its schedule. Saved questions join the deck by themselves.' })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A malformed id, or a field other than id.' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such question.' })
  add(@CurrentUser() caller: TokenClaims, @Body() { id }: IdDto): Promise<ReviewDeck> {
    return this.services.send(USERS_PATTERNS.addToReview, { id: caller._id, body: { id } });
  }

  @Post(ROUTES.review.grade.path)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Grade a card',
    description: 'again, hard, good or easy for the card version shown; FSRS schedules it. The same version posted twice counts once.',
  })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A grade other than again, hard, good, easy; a malformed id or version.' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'The question is not in the deck.' })
  grade(@CurrentUser() caller: TokenClaims, @Body() body: ReviewGradeDto): Promise<ReviewDeck> {
    return this.services.send(USERS_PATTERNS.gradeReview, { id: caller._id, body });
  }

  @Delete(ROUTES.review.remove.path)
  @ApiOperation({ summary: 'Take a question out of the review deck', description: 'Idempotent: a question not in the deck changes nothing. A saved question stays saved.' })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A malformed question id.' })
  remove(@CurrentUser() caller: TokenClaims, @Param('questionId', ObjectIdPipe) questionId: string): Promise<ReviewDeck> {
    return this.services.send(USERS_PATTERNS.removeFromReview, { id: caller._id, body: { id: questionId } });
  }
}
