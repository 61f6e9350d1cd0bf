import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule, type MongooseModuleOptions } from '@nestjs/mongoose';
import type { Connection, ConnectOptions, Query, Schema } from 'mongoose';
import type { ServiceConfig } from '../config/service-config.js';

/** No answer on a socket for this long fails the call and closes the connection. */
export const SOCKET_TIMEOUT_MS = 30_000;
/**
 * A read's server-side deadline, under SOCKET_TIMEOUT_MS: the server ends a read waiting that long
 * (FerretDB: for a connection of its SQLite pool) and the driver's connection stays usable.
 */
export const READ_DEADLINE_MS = 20_000;

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
    // Every call has a deadline (issue 30): finding the server, connecting, waiting for a pooled
    // connection, and the answer itself (a socket with no answer for 30 s is closed and the call fails).
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    waitQueueTimeoutMS: 10_000,
    socketTimeoutMS: SOCKET_TIMEOUT_MS,
    // Fail a query quickly while the database is away instead of queueing it for 10 s; the
    // gateway's own timeout answers 503 meanwhile.
    bufferCommands: false,
  };
}

/** The driver options plus how @nestjs/mongoose retries the first connection at start. */
export function mongoConnectionOptions(config: Pick<ServiceConfig, 'service' | 'mongoDb'>): MongooseModuleOptions {
  return {
    ...mongoDriverOptions(config),
    connectionFactory: (connection: Connection) => connection.plugin(readsWithDeadline),
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

/**
 * Gives every findOne/findById and count READ_DEADLINE_MS unless the caller set its own. Not `find`
 * or `aggregate`: on MongoDB a cursor's maxTimeMS bounds all its batches, and a read model's load
 * may rightly take longer (SOCKET_TIMEOUT_MS still bounds each batch).
 */
export function readsWithDeadline(schema: Schema): void {
  schema.pre(['findOne', 'countDocuments'], function (this: Query<unknown, unknown>) {
    if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(READ_DEADLINE_MS);
  });
}
