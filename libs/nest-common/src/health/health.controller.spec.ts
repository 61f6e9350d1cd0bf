import { describe, expect, it } from '@jest/globals';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { RpcException } from '@nestjs/microservices';
import mongoose, { type Connection } from 'mongoose';
import type { DatabaseWatchdog } from './database-watchdog.js';
import { createHealthController } from './health.controller.js';

type HealthController = { health(): unknown };

function controllerWith(readyState: number, stuck = false): HealthController {
  const Controller = createHealthController('content') as unknown as new (connection: Connection, watchdog: DatabaseWatchdog) => HealthController;
  return new Controller({ readyState } as Connection, { stuck } as DatabaseWatchdog);
}

describe('createHealthController', () => {
  it("answers the service's own health subject", () => {
    const Controller = createHealthController('community');
    expect(Reflect.getMetadata(PATTERN_METADATA, (Controller.prototype as HealthController).health)).toEqual(['community.health']);
  });

  it('answers ok while the database is connected', () => {
    expect(controllerWith(mongoose.ConnectionStates.connected).health()).toEqual({ status: 'ok' });
  });

  it('answers database-stuck while the database is connected but answers no read', () => {
    expect(controllerWith(mongoose.ConnectionStates.connected, true).health()).toEqual({ status: 'database-stuck' });
  });

  it('answers 503 while the database is away', () => {
    let error: unknown;
    try {
      controllerWith(mongoose.ConnectionStates.disconnected).health();
    } catch (failure) {
      error = failure;
    }
    expect(error).toBeInstanceOf(RpcException);
    expect((error as RpcException).getError()).toEqual({ statusCode: 503, message: 'The database is not reachable.' });
  });
});
