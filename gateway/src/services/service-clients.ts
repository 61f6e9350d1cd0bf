import {
  type CommunityReplies,
  type CommunityRequests,
  type ContentReplies,
  type ContentRequests,
  USERS_PATTERNS,
  type UsersReplies,
  type UsersRequests,
} from '@dblearn/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { natsConnectionOptions, redactUrl, ServiceReplyDeserializer } from '@dblearn/nest-common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ServiceClient } from './service-client.js';
import { ROUTED_SERVICES, type RoutedService } from './services.constants.js';

/** Every request-reply pattern the gateway sends, with what it takes and what it answers, from the contracts. */
export type ServiceRequests = UsersRequests & ContentRequests & CommunityRequests;
export type ServiceReplies = UsersReplies & ContentReplies & CommunityReplies;
export type ServicePattern = keyof ServiceReplies;

/** These hash a password: svc-users runs few at once and refuses the rest, so a longer bound is safe. */
const HASHING_PATTERNS: ReadonlySet<string> = new Set([USERS_PATTERNS.register, USERS_PATTERNS.verifyCredentials]);

/**
 * One NATS client per routed service, opened at start and closed on shutdown. Controllers call a
 * pattern with `send`: the service is the pattern's first word, the request and answer types come
 * from the contracts' `*Requests` and `*Replies` maps, and failures arrive as HttpExceptions (see ServiceClient).
 */
@Injectable()
export class ServiceClients implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ServiceClients.name);
  private readonly clients: ReadonlyMap<RoutedService, ServiceClient>;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.clients = new Map(ROUTED_SERVICES.map((service) => [service, this.createClient(service)]));
  }

  get services(): readonly RoutedService[] {
    return ROUTED_SERVICES;
  }

  /** `timeoutMs` only for the long calls (SQL runs, import and export slices); the rest keep the gateway's bound. */
  send<P extends ServicePattern>(pattern: P, request: ServiceRequests[P], timeoutMs?: number): Promise<ServiceReplies[P]> {
    const bound = timeoutMs ?? (HASHING_PATTERNS.has(pattern) ? this.config.natsHashingTimeoutMs : undefined);
    return this.get(serviceOf(pattern)).send<ServiceReplies[P]>(pattern, request, bound);
  }

  get(service: RoutedService): ServiceClient {
    const client = this.clients.get(service);
    if (!client) throw new Error(`No NATS client for the ${service} service.`);
    return client;
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway starts (and answers 503 for that service) even while NATS is down.
    for (const client of this.clients.values()) {
      void client.warmUp().then((connected) => {
        if (!connected) {
          this.logger.warn(`NATS at ${redactUrl(this.config.natsUrl)} is not reachable yet; calls to the ${client.service} service answer 503 until it is.`);
        }
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.clients.values()].map((client) => client.close()));
  }

  private createClient(service: RoutedService): ServiceClient {
    const proxy = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: {
        ...natsConnectionOptions(this.config.natsUrl),
        name: `gateway-${service}`,
        // Never give up on a lost connection: a NATS restart must not need a gateway restart.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        // A connection that silently died is noticed within about 20 s.
        pingInterval: 10_000,
        maxPingOut: 2,
        // A failed first connect rejects at once (so callers get a quick 503) and the next call retries.
        waitOnFirstConnect: false,
        // A service's JsonBytesReply arrives as a Buffer of JSON, sent on without parsing.
        deserializer: new ServiceReplyDeserializer(),
      },
    });
    return new ServiceClient(service, proxy, this.config.natsTimeoutMs);
  }
}

/** `content.course.find` is svc-content's: every pattern starts with its service's name. */
function serviceOf(pattern: ServicePattern): RoutedService {
  const service = pattern.slice(0, pattern.indexOf('.'));
  if (!(ROUTED_SERVICES as readonly string[]).includes(service)) throw new Error(`No routed service answers ${pattern}.`);
  return service as RoutedService;
}
