import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from '../events/events-connection.js';
import { OutboxRelay } from '../events/outbox-relay.js';
import { ReadModel, type ReadModelDefinition, type ReadModelMode } from './read-model.js';
import type { Summary } from './summary-store.js';

export const READ_MODEL_MODE = Symbol('READ_MODEL_MODE');

/** Events published this long before a load began are replayed to it, so that none falls in between. */
const FOLLOW_OVERLAP_MS = 60_000;

/**
 * Makes a service's read models, loads them all before the service answers anything, and starts
 * each one following its events. Create them in a provider's constructor:
 *
 *   this.list = readModels.create({ name: 'courses', model: courses, … });
 */
@Injectable()
export class ReadModels implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly all: ReadModel<Summary>[] = [];

  constructor(
    @Inject(READ_MODEL_MODE) readonly mode: ReadModelMode,
    private readonly events: EventsConnection,
    private readonly relay: OutboxRelay,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {}

  create<S extends Summary>(definition: ReadModelDefinition<S>): ReadModel<S> {
    const readModel = new ReadModel(definition, this.mode, this.options.service);
    this.all.push(readModel as unknown as ReadModel<Summary>);
    return readModel;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Deletes a crash left half done are finished first, so no deleted item is loaded.
    await this.relay.recover();
    const since = new Date(Date.now() - FOLLOW_OVERLAP_MS);
    await Promise.all(this.all.map((readModel) => readModel.load()));
    for (const readModel of this.all) readModel.follow(this.events, since);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.all.map((readModel) => readModel.stop()));
  }
}
