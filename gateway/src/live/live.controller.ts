import { AUTH_HEADER, LIVE_LIMITS, QNA_LIVE, ROUTES, type TokenClaims } from '@dblearn/contracts';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ClientAddress } from '../common/decorators/client-address.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { ERROR_ENVELOPE, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { LiveStreams, sseFrame } from './live-streams.js';

/** CONTRACT "Q&A", issue 22: live updates as Server-Sent Events, for signed-in callers (the token in its header, never in the URL). */
@ApiTags('qna')
@ApiSecurity(AUTH_HEADER)
@ApiUnauthorizedResponse(NOT_SIGNED_IN)
@Controller()
export class LiveController {
  constructor(
    private readonly streams: LiveStreams,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get(ROUTES.live.qna.path)
  @ApiOperation({
    summary: 'Live Q&A changes (text/event-stream)',
    description:
      `Opens with \`retry: ${LIVE_LIMITS.retryMs}\` and \`event: ${QNA_LIVE.readyEvent}\` (data: {heartbeatMs}), then one \`event: ${QNA_LIVE.changeEvent}\` ` +
      `per change (data: QnaLiveEvent) and an \`event: ${QNA_LIVE.heartbeatEvent}\` every heartbeatMs. Fetch it with the ${AUTH_HEADER} header (EventSource cannot send one).`,
  })
  @ApiOkResponse({ description: 'The stream.', content: { 'text/event-stream': { schema: { type: 'string', description: 'SSE frames; each qna data line is a QnaLiveEvent.' } } } })
  @ApiTooManyRequestsResponse({ schema: ERROR_ENVELOPE, description: `The caller already has ${LIVE_LIMITS.perUser} streams open, or their network address ${LIVE_LIMITS.perAddress} (Retry-After).` })
  @ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: `This gateway holds ${LIVE_LIMITS.total} streams already.` })
  qna(@CurrentUser() user: TokenClaims, @ClientAddress() address: string, @Res() response: Response): void {
    this.streams.start(user._id, address, response, sseFrame(QNA_LIVE.readyEvent, { heartbeatMs: this.config.live.heartbeatMs }));
  }
}
