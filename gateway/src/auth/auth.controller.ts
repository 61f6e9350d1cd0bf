import { ROUTES } from '@dblearn/contracts';
import { Body, Controller, Header, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ClientAddress } from '../common/decorators/client-address.decorator.js';
import { ERROR_ENVELOPE } from '../common/docs/answer-docs.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from '@dblearn/contracts/dto';
import { Public } from './public.decorator.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post(ROUTES.auth.login.path)
  @Public()
  @HttpCode(HttpStatus.OK)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Log in', description: 'Answers the session token as plain text; send it back as the x-auth-token header.' })
  @ApiOkResponse({ description: 'The session token (a JWT).', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: '"Invalid email or password." on any mismatch, or a broken rule.' })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: 'Too many logins for this account or from this address (failed or not), or one is already being checked with one waiting.' })
  @ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The users service is down or did not answer in time.' })
  login(@Body() body: LoginDto, @ClientAddress() client: string): Promise<string> {
    return this.auth.login(body, client);
  }
}
