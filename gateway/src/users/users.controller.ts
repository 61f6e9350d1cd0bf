import { AUTH_HEADER, type PublicUser, ROUTES, type TokenClaims, type UserProfile } from '@dblearn/contracts';
import { AccountDeletedAnswer, PublicUserAnswer, UserProfileAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Delete, Get, Patch, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { ClientAddress } from '../common/decorators/client-address.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { answerSchema, ERROR_ENVELOPE, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { DeleteAccountDto, RegisterUserDto, UpdateMeDto } from '@dblearn/contracts/dto';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The users service is down or did not answer in time.' })
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post(ROUTES.users.register.path)
  @Public()
  @ApiOperation({ summary: 'Register', description: 'Creates a learner account and signs it in: the token comes in the x-auth-token header.' })
  @ApiCreatedResponse({
    schema: answerSchema(PublicUserAnswer),
    description: 'The new account, signed in.',
    headers: { [AUTH_HEADER]: { description: 'The session token (a JWT) for the new account.', schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'The e-mail is taken (in any letter case) or a rule is broken.' })
  @ApiConflictResponse({ schema: ERROR_ENVELOPE, description: '"That display name is taken." (in any letter case, or a look-alike of it).' })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: 'Too many sign-ups from this address, or one from it is already being hashed with one waiting.' })
  async register(@Body() body: RegisterUserDto, @ClientAddress() client: string, @Res({ passthrough: true }) response: Response): Promise<PublicUser> {
    const { user, token } = await this.users.register(body, client);
    response.setHeader(AUTH_HEADER, token);
    return user;
  }

  @Get(ROUTES.users.me.path)
  @ApiSecurity(AUTH_HEADER)
  @ApiOperation({ summary: 'The signed-in user', description: 'With saved interview questions and finished projects; never a password or hash.' })
  @ApiOkResponse({ schema: answerSchema(UserProfileAnswer), description: "The caller's account." })
  @ApiUnauthorizedResponse(NOT_SIGNED_IN)
  me(@CurrentUser() caller: TokenClaims): Promise<UserProfile> {
    return this.users.profile(caller);
  }

  @Patch(ROUTES.users.updateMe.path)
  @ApiSecurity(AUTH_HEADER)
  @ApiOperation({
    summary: 'Change the display name or the lab engine',
    description: 'displayName: what everyone else sees of the account; posts show the new name at once. labEngine: "sqlite" or "postgres", the engine the learner\'s lab runs on (issue 32). At least one of the two.',
  })
  @ApiOkResponse({ schema: answerSchema(UserProfileAnswer), description: "The caller's account with its new name or engine." })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A display-name rule is broken, labEngine is not one of sqlite, postgres, or neither field is sent (the message names it).' })
  @ApiConflictResponse({ schema: ERROR_ENVELOPE, description: '"That display name is taken." (in any letter case, or a look-alike of it).' })
  @ApiUnauthorizedResponse(NOT_SIGNED_IN)
  updateMe(@CurrentUser() caller: TokenClaims, @Body() body: UpdateMeDto): Promise<UserProfile> {
    return this.users.updateMe(caller, body);
  }

  @Delete(ROUTES.users.deleteMe.path)
  @ApiSecurity(AUTH_HEADER)
  @ApiOperation({
    summary: 'Delete the account',
    description: 'The owner confirms with the password. Its tokens stop working at once everywhere; its posts stay, shown as by "deleted learner".',
  })
  @ApiOkResponse({ schema: answerSchema(AccountDeletedAnswer), description: 'Deleted.' })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'Not the password of this account, or a rule is broken: nothing was deleted.' })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: 'Five wrong passwords for this account in 15 minutes: try again later.' })
  @ApiUnauthorizedResponse(NOT_SIGNED_IN)
  async deleteAccount(@CurrentUser() caller: TokenClaims, @Body() body: DeleteAccountDto, @ClientAddress() client: string): Promise<{ deleted: true }> {
    await this.users.deleteAccount(caller, body.password, client);
    return { deleted: true };
  }
}
