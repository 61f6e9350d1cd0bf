import { ILL_FORMED_TEXT_MESSAGE, isWellFormedDeep } from '@dblearn/contracts';
import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * After the body parsers, before routing, pipes and validators: a body or query holding a lone
 * UTF-16 surrogate is a 400 (issue 17 #9; it was a 500 with a stack trace). A path cannot hold one:
 * its percent-encoded UTF-8 has no way to say it, and the router refuses what does not decode.
 */
export function refuseIllFormedText(request: Request, _response: Response, next: NextFunction): void {
  if (isWellFormedDeep(request.body) && isWellFormedDeep(request.query)) next();
  else next(new BadRequestException(ILL_FORMED_TEXT_MESSAGE));
}
