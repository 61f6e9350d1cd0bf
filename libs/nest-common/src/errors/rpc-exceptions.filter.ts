import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';
import { toRpcErrorBody } from './rpc-errors.js';

/**
 * The last word on every error a message handler throws: the caller gets an RpcErrorBody, and an
 * unexpected error is logged here with its stack and answered as a bare 500.
 */
@Catch()
export class RpcExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcExceptions');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> {
    const { body, unexpected } = toRpcErrorBody(exception);
    if (unexpected) {
      const pattern = host.getType() === 'rpc' ? host.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.() : undefined;
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`Unexpected error${pattern ? ` in ${pattern}` : ''}`, stack);
    }
    return throwError(() => body);
  }
}
