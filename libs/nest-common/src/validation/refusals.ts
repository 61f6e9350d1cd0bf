import { isRpcErrorBody } from '@dblearn/contracts';
import { RpcException } from '@nestjs/microservices';

/** The sentences of a refusal the body pipe threw; anything else is not a refusal and goes on up. */
export function refusalMessages(error: unknown): string[] {
  const body = error instanceof RpcException ? error.getError() : null;
  if (!isRpcErrorBody(body) || body.statusCode !== 400) throw error;
  return Array.isArray(body.message) ? body.message : [body.message];
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
