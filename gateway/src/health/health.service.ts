import { type HealthReport, healthPattern } from '@dblearn/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { ServiceClients } from '../services/service-clients.js';
import { HEALTH_TIMEOUT_MS, type RoutedService } from '../services/services.constants.js';

type ServiceState = HealthReport['services'][RoutedService];

@Injectable()
export class HealthService {
  private readonly timeoutMs: number;

  constructor(
    private readonly clients: ServiceClients,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.timeoutMs = Math.min(HEALTH_TIMEOUT_MS, config.natsTimeoutMs);
  }

  /** Asks every routed service at once; the whole check takes at most one short timeout. */
  async check(): Promise<HealthReport> {
    const states = await Promise.all(this.clients.services.map(async (service) => [service, await this.probe(service)] as const));
    return {
      status: states.every(([, state]) => state === 'up') ? 'ok' : 'unavailable',
      services: Object.fromEntries(states) as HealthReport['services'],
    };
  }

  private async probe(service: RoutedService): Promise<ServiceState> {
    try {
      const reply = await this.clients.get(service).send<{ status?: unknown }>(healthPattern(service), {}, this.timeoutMs);
      if (reply?.status === 'database-stuck') return 'database-stuck';
      return reply?.status === 'ok' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
