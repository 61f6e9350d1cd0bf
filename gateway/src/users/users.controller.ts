import { AUTH_HEADER, type PublicUser, type TokenClaims, type UserProfile } from '@dblearn/contracts';
import { PublicUserAnswer, UserProfileAnswer } from '@dblearn/contracts/answers';
import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
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
import { answerSchema, ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { RegisterUserDto } from '@dblearn/contracts/dto';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The users service is down or did not answer in time.' })
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @Public()
  @ApiOperation({ summary: 'Register', description: 'Creates a learner account and signs it in: the token comes in the x-auth-token header.' })
  @ApiCreatedResponse({
    schema: answerSchema(PublicUserAnswer),
    description: 'The new account, signed in.',
    headers: { [AUTH_HEADER]: { description: 'The session token (a JWT) for the new account.', schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'The e-mail is taken (in any letter case) or a rule is broken.' })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: 'Too many sign-ups from this address, or one from it is already being hashed with one waiting.' })
  async register(@Body() body: RegisterUserDto, @ClientAddress() client: string, @Res({ passthrough: true }) response: Response): Promise<PublicUser> {
    const { user, token } = await this.users.register(body, client);
    response.setHeader(AUTH_HEADER, token);
    return user;
  }

  @Get('me')
  @ApiSecurity(AUTH_HEADER)
  @ApiOperation({ summary: 'The signed-in user', description: 'With saved interview questions and finished projects; never a password or hash.' })
  @ApiOkResponse({ schema: answerSchema(UserProfileAnswer), description: "The caller's account." })
  @ApiUnauthorizedResponse({ schema: ERROR_ENVELOPE, description: 'No token, a bad or expired one, or its account no longer exists.' })
  me(@CurrentUser() caller: TokenClaims): Promise<UserProfile> {
    return this.users.profile(caller);
  }
}
