import { Global, Module } from '@nestjs/common';
import { CommunityClient } from './community.client.js';
import { ServiceClients } from './service-clients.js';
import { ContentClient } from './content.client.js';
import { UsersClient } from './users.client.js';

/** The NATS side of the gateway: one client per backend service and a typed facade per service. */
@Global()
@Module({
  providers: [ServiceClients, UsersClient, ContentClient, CommunityClient],
  exports: [ServiceClients, UsersClient, ContentClient, CommunityClient],
})
export class ServicesModule {}
