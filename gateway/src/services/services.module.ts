import { Global, Module } from '@nestjs/common';
import { ServiceClients } from './service-clients.js';

/** The NATS side of the gateway: one client per backend service, and `send(pattern, request)` over them. */
@Global()
@Module({
  providers: [ServiceClients],
  exports: [ServiceClients],
})
export class ServicesModule {}
