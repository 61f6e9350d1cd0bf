import { AUTH_HEADER, type TokenClaims, type UserProfile, USERS_PATTERNS } from '@dblearn/contracts';
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
import { ErrorEnvelopeDoc } from '../common/docs/error-envelope.doc.js';
import { UserProfileDoc } from '../users/users.docs.js';
import { ProgressService } from './progress.service.js';

/**
 * CONTRACT "Users": POST and PUT /users/project|interview/{userId}, POST /users/tutorial/{userId}.
 * Each answers 200 with the updated user, shaped as GET /users/me, and is idempotent.
 */
@ApiTags('users')
@ApiSecurity(AUTH_HEADER)
@ApiParam({ name: 'userId', description: 'Whose progress: your own id, or anyone\'s for an admin.' })
@ApiOkResponse({ type: UserProfileDoc, description: 'The updated user.' })
@ApiBadRequestResponse({ type: ErrorEnvelopeDoc, description: 'A malformed id, or a field other than id.' })
@ApiUnauthorizedResponse({ type: ErrorEnvelopeDoc, description: 'Not signed in.' })
@ApiForbiddenResponse({ type: ErrorEnvelopeDoc, description: "Another user's id, and the caller is not an admin." })
@ApiServiceUnavailableResponse({ type: ErrorEnvelopeDoc, description: 'The users or content service is down or did not answer in time.' })
@Controller('users')
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Post('project/:userId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Mark a project finished' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such user or project.' })
  finishProject(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.finishProject, userId, id);
  }

  @Put('project/:userId')
  @ApiOperation({ summary: 'Unmark a finished project' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such user.' })
  unfinishProject(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.unfinishProject, userId, id);
  }

  @Post('interview/:userId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Save an interview question' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such user or question.' })
  saveQuestion(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.saveQuestion, userId, id);
  }

  @Put('interview/:userId')
  @ApiOperation({ summary: 'Unsave an interview question' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such user.' })
  unsaveQuestion(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.unsaveQuestion, userId, id);
  }

  @Post('tutorial/:userId')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Record a tutorial as read' })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDoc, description: 'No such user or tutorial.' })
  readTutorial(@CurrentUser() caller: TokenClaims, @Param() { userId }: UserIdDto, @Body() { id }: IdDto): Promise<UserProfile> {
    return this.progress.change(caller, USERS_PATTERNS.readTutorial, userId, id);
  }
}
