import type { z } from 'zod';
import type { ErrorEnvelopeAnswer } from './answers/errors.answers.js';
import type { HealthReportAnswer } from './answers/health.answers.js';

/**
 * How a service reports a refusal over NATS: it throws RpcException(body) with this body, and the
 * gateway turns it into the HTTP answer with the same status. Anything else a service throws is a
 * 500 that the gateway answers without detail.
 */
export interface RpcErrorBody {
  statusCode: number;
  message: string | string[];
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { statusCode, message } = value as Record<string, unknown>;
  return (
    typeof statusCode === 'number' &&
    Number.isInteger(statusCode) &&
    (typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string')))
  );
}

/** CONTRACT "Conventions": every 4xx and 5xx body. */
export type ErrorEnvelope = z.output<typeof ErrorEnvelopeAnswer>;

/** GET /health. */
export type HealthReport = z.output<typeof HealthReportAnswer>;
