import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import type { ServiceConfig } from './config/service-config.js';
import { DeadlineInterceptor } from './deadline/deadline.js';
import { RpcExceptionsFilter } from './errors/rpc-exceptions.filter.js';
import { EventsModule } from './events/events.module.js';
import { DatabaseWatchdog } from './health/database-watchdog.js';
import { createHealthController } from './health/health.controller.js';
import { MongoModule } from './mongo/mongo.module.js';
import { READ_MODEL_MODE, ReadModels } from './storage/read-model/read-models.js';
import { createRpcValidationPipe } from './validation/rpc-validation.pipe.js';
import { RequestConnection } from './bootstrap/request-connection.js';
import { KeptRegistry } from './feeds/kept-registry.js';

/**
 * Everything a DBLearn service has in common, in one import: its database, atomic write+event
 * (EventOutbox, relay), the consumer kit (@EventHandler), read models, `<service>.health`, payload
 * validation, request deadlines and the RPC error convention.
 */
@Module({})
export class ServiceKitModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        MongoModule.forRoot(config),
        EventsModule.forRoot({
          service: config.service,
          natsUrl: config.natsUrl,
          connectionName: `svc-${config.service}-events`,
          retention: config.eventsRetention,
        }),
      ],
      controllers: [createHealthController(config.service)],
      providers: [
        { provide: APP_FILTER, useClass: RpcExceptionsFilter },
        { provide: APP_PIPE, useFactory: createRpcValidationPipe },
        // Work the gateway has given up on is refused, never done late (issue 6).
        { provide: APP_INTERCEPTOR, useClass: DeadlineInterceptor },
        { provide: READ_MODEL_MODE, useValue: config.readModel },
        ReadModels,
        RequestConnection,
        KeptRegistry,
        DatabaseWatchdog,
      ],
      exports: [EventsModule, ReadModels, RequestConnection, KeptRegistry],
    };
  }
}
