import { healthPattern, SERVICES, type ServiceName } from '@dblearn/contracts';
import { natsConnectionOptions } from '@dblearn/nest-common';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Transport } from '@nestjs/microservices';

/**
 * A stand-in that only answers `<service>.health` in that service's queue group, for suites about
 * another service: /api/health then depends on the service under test alone.
 */
export async function startHealthResponder(
  natsUrl: string,
  service: ServiceName,
  /** What it answers each time: `database-stuck` plays a service whose database answers no read. */
  status: () => 'ok' | 'database-stuck' = () => 'ok',
): Promise<{ close(): Promise<void> }> {
  @Controller()
  class HealthResponderController {
    @MessagePattern(healthPattern(service))
    health(): { status: 'ok' | 'database-stuck' } {
      return { status: status() };
    }
  }

  @Module({ controllers: [HealthResponderController] })
  class HealthResponderModule {}

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(HealthResponderModule, {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(natsUrl), queue: SERVICES[service].queue },
    logger: false,
  });
  await app.listen();
  return { close: () => app.close() };
}
