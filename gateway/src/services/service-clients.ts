import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { natsConnectionOptions, redactUrl } from '@dblearn/nest-common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ServiceClient } from './service-client.js';
import { ROUTED_SERVICES, type RoutedService } from './services.constants.js';

/** One NATS client per routed service, opened at start and closed on shutdown. */
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
      },
    });
    return new ServiceClient(service, proxy, this.config.natsTimeoutMs);
  }
}
