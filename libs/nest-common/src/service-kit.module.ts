import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import type { ServiceConfig } from './config/service-config.js';
import { DeadlineInterceptor } from './deadline/deadline.js';
import { RpcExceptionsFilter } from './errors/rpc-exceptions.filter.js';
import { EventsModule } from './events/events.module.js';
import { createHealthController } from './health/health.controller.js';
import { MongoModule } from './mongo/mongo.module.js';
import { createRpcValidationPipe } from './validation/rpc-validation.pipe.js';

/**
 * Everything a DBLearn service has in common, in one import: its database, the event outbox and
 * relay, `<service>.health`, payload validation, request deadlines and the RPC error convention.
 */
@Module({})
export class ServiceKitModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        MongoModule.forRoot(config),
        EventsModule.forRoot({ natsUrl: config.natsUrl, connectionName: `svc-${config.service}-events` }),
      ],
      controllers: [createHealthController(config.service)],
      providers: [
        { provide: APP_FILTER, useClass: RpcExceptionsFilter },
        { provide: APP_PIPE, useFactory: createRpcValidationPipe },
        // Work the gateway has given up on is refused, never done late (issue 6).
        { provide: APP_INTERCEPTOR, useClass: DeadlineInterceptor },
      ],
      exports: [EventsModule],
    };
  }
}
