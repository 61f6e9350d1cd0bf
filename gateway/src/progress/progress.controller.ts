import { AUTH_HEADER, ROUTES, type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
import { UserProfileAnswer } from '@dblearn/contracts/answers';
import { IdDto, UserIdDto } from '@dblearn/contracts/dto';
import { Body, Controller, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { answerSchema, ERROR_ENVELOPE, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { ProgressService } from './progress.service.js';

/**
 * CONTRACT "Users": POST and PUT /users/project|interview/{userId}, POST /users/tutorial/{userId}.
 * Each answers 200 with the updated user, shaped as GET /users/me, and is idempotent.
 */
@ApiTags('users')
@ApiSecurity(AUTH_HEADER)
@ApiParam({ name: 'userId', description: 'Whose progress: your own id, or anyone\'s for an admin.' })
@ApiOkResponse({ schema: answerSchema(UserProfileAnswer), description: 'The updated user.' })
@ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A malformed id, or a field other than id.' })
@ApiUnauthorizedResponse(NOT_SIGNED_IN)
@ApiForbiddenResponse({ schema: ERROR_ENVELOPE, description: "Another user's id, and the caller is not an admin." })
@ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The users or content service is down or did not answer in time.' })
@Controller()
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Post(ROUTES.progress.finishProject.path)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mark a project finished' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such user or project.' })
  finishProject(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.finishProject, userId, id);
  }

  @Put(ROUTES.progress.unfinishProject.path)
  @ApiOperation({ summary: 'Unmark a finished project' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such user.' })
  unfinishProject(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.unfinishProject, userId, id);
  }

  @Post(ROUTES.progress.saveQuestion.path)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Save an interview question' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such user or question.' })
  saveQuestion(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.saveQuestion, userId, id);
  }

  @Put(ROUTES.progress.unsaveQuestion.path)
  @ApiOperation({ summary: 'Unsave an interview question' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such user.' })
  unsaveQuestion(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.unsaveQuestion, userId, id);
  }

  @Post(ROUTES.progress.readTutorial.path)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Record a tutorial as read' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such user or tutorial.' })
  readTutorial(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.readTutorial, userId, id);
  }
}
