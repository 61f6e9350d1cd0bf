import { BadRequestException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * A 400 naming the query fields a list takes when the query has another (issue 34: "unknown filters
 * get 400 with the allowed ones named"). Runs before the validation pipe, whose refusal names only the
 * unknown field; after the auth guard, so a caller without a token still gets 401.
 */
export class KnownQueryFields implements NestInterceptor {
  constructor(private readonly allowed: readonly string[]) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const query = context.switchToHttp().getRequest<Request>().query;
    const unknown = Object.keys(query).filter((field) => !this.allowed.includes(field));
    if (unknown.length > 0) {
      const names = unknown.slice(0, 5).map((field) => `"${field.slice(0, 40)}"`).join(', ');
      throw new BadRequestException([`Unknown query field${unknown.length === 1 ? '' : 's'} ${names}: the fields allowed are ${this.allowed.join(', ')}.`]);
    }
    return next.handle();
  }
}
