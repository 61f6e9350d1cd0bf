import { SERVICES } from '@dblearn/contracts';
import { type DynamicModule, type INestMicroservice, Logger, type LoggerService, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NatsOptions, Transport } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsConnectionOptions } from '../config/nats-connection.js';
import { redactUrl } from '../config/redact-url.js';
import { ServiceReplySerializer } from '../messaging/json-bytes-reply.js';
import { RequestConnection } from './request-connection.js';
import type { ServiceConfig } from '../config/service-config.js';
import { createServiceLogger } from '../logging/service-logger.js';

const NATS_WAIT_NOTICE_MS = 5_000;

/** In-flight requests get this long to finish after a shutdown signal unsubscribes the service. */
export const SHUTDOWN_GRACE_MS = 500;

/** The NATS request-reply transport of a service: its queue group shares the load between instances. */
export function natsServerOptions(config: Pick<ServiceConfig, 'service' | 'natsUrl'>): NonNullable<NatsOptions['options']> {
  const { queue } = SERVICES[config.service];
  return {
    ...natsConnectionOptions(config.natsUrl),
    queue,
    name: queue,
    // Wait for NATS at start and reconnect forever: the service must come back on its own.
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    gracefulShutdown: true,
    gracePeriod: SHUTDOWN_GRACE_MS,
    // Sends a JsonBytesReply as the raw message body (the gateway's ServiceReplyDeserializer reads it).
    serializer: new ServiceReplySerializer(),
  };
}

export interface BootstrapOptions {
  /** SIGTERM/SIGINT close NATS and MongoDB cleanly (off in tests, which call close() themselves). */
  shutdownHooks?: boolean;
  logger?: LoggerService;
}

/**
 * Creates, starts and returns a service as a NestJS microservice on NATS, then logs the one line
 * that says it is ready.
 */
export async function bootstrapService(
  appModule: DynamicModule | Type<unknown>,
  config: ServiceConfig,
  { shutdownHooks = true, logger }: BootstrapOptions = {},
): Promise<INestMicroservice> {
  const name = SERVICES[config.service].queue;
  const app = await NestFactory.createMicroservice<NatsOptions>(appModule, {
    transport: Transport.NATS,
    options: natsServerOptions(config),
    logger: logger ?? createServiceLogger({ name, logLevel: config.logLevel, logJson: config.logJson }),
  });
  if (shutdownHooks) app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  // The transport waits for NATS rather than failing; say so when that takes a while.
  const waiting = setTimeout(() => new Logger(name).warn(`Waiting for NATS at ${redactUrl(config.natsUrl)}…`), NATS_WAIT_NOTICE_MS);
  try {
    await app.listen();
  } finally {
    clearTimeout(waiting);
  }
  // listen() resolves once the subscriptions are written, not once NATS has them: a round trip
  // makes "ready" true, so the first request after it never meets "no responders".
  const requests = app.unwrap<NatsConnection>();
  await requests.flush();
  app.get(RequestConnection, { strict: false }).attach(requests);
  new Logger(name).log(
    `${name} is ready: NATS ${redactUrl(config.natsUrl)} (queue ${SERVICES[config.service].queue}), database ${config.mongoDb} at ${redactUrl(config.mongoUrl)}`,
  );
  return app;
}
