import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule, type MongooseModuleOptions } from '@nestjs/mongoose';
import type { ConnectOptions } from 'mongoose';
import type { ServiceConfig } from '../config/service-config.js';

/**
 * Connection settings for a service's own database. FerretDB 1.24 (the local default) has no
 * transactions, so nothing here asks for sessions; a write that must also emit an event records it
 * in the outbox right after the write instead.
 */
export function mongoDriverOptions(config: Pick<ServiceConfig, 'service' | 'mongoDb'>): ConnectOptions {
  return {
    dbName: config.mongoDb,
    appName: `svc-${config.service}`,
    // Unique indexes (e-mail) must exist before the first write; models also await init() on start.
    autoIndex: true,
    autoCreate: true,
    maxPoolSize: 20,
    minPoolSize: 2,
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    socketTimeoutMS: 30_000,
    // Fail a query quickly while the database is away instead of queueing it for 10 s; the
    // gateway's own timeout answers 503 meanwhile.
    bufferCommands: false,
  };
}

/** The driver options plus how @nestjs/mongoose retries the first connection at start. */
export function mongoConnectionOptions(config: Pick<ServiceConfig, 'service' | 'mongoDb'>): MongooseModuleOptions {
  return {
    ...mongoDriverOptions(config),
    // First connection at start: ten tries, 3 s apart, then give up with the driver's reason.
    retryAttempts: 10,
    retryDelay: 3_000,
  };
}

@Module({})
export class MongoModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: MongoModule,
      // The connection module inside is global: every feature module can call forFeature().
      imports: [MongooseModule.forRoot(config.mongoUrl, mongoConnectionOptions(config))],
    };
  }
}
