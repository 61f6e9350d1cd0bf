import { healthPattern, type ServiceName } from '@dblearn/contracts';
import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { serviceUnavailable } from '../errors/rpc-errors.js';
import { DatabaseWatchdog } from './database-watchdog.js';

export interface HealthReply {
  /** `database-stuck`: connected, but the database answers no read (DatabaseWatchdog). */
  status: 'ok' | 'database-stuck';
}

/**
 * `<service>.health` for the gateway's GET /health. Answering at all proves the service and NATS;
 * the reply is only `ok` while the service's database is connected too, and `database-stuck` while
 * it is connected but answers no read.
 */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(
      @InjectConnection() private readonly connection: Connection,
      private readonly watchdog: DatabaseWatchdog,
    ) {}

    @MessagePattern(healthPattern(service))
    health(): HealthReply {
      if (this.connection.readyState !== mongoose.ConnectionStates.connected) {
        throw serviceUnavailable('The database is not reachable.');
      }
      return { status: this.watchdog.stuck ? 'database-stuck' : 'ok' };
    }
  }
  return HealthController;
}
