import { Global, Module } from '@nestjs/common';
import { ServiceClients } from './service-clients.js';
import { UsersClient } from './users.client.js';

/** The NATS side of the gateway: one client per backend service and a typed facade per service. */
@Global()
@Module({
  providers: [ServiceClients, UsersClient],
  exports: [ServiceClients, UsersClient],
})
export class ServicesModule {}
