import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENTS_OPTIONS, type EventsOptions } from '../../events/events-connection.js';
import { KeptRegistry } from '../../feeds/kept-registry.js';
import { OutboxRelay } from '../../events/outbox-relay.js';
import { ReadModel, type ReadModelDefinition, type ReadModelMode } from './read-model.js';
import type { Summary } from './summary-store.js';

export const READ_MODEL_MODE = Symbol('READ_MODEL_MODE');

/** Events published this long before a load began are replayed to it, so that none falls in between. */
const FOLLOW_OVERLAP_MS = 60_000;
/** How often a changed `snapshot` read model is saved (and once more at shutdown). */
const SNAPSHOT_INTERVAL_MS = 60_000;

/**
 * Makes a service's read models, loads them all before the service answers anything, and starts
 * each one following its events (declared in the KeptRegistry, as every kept thing is). Create them in a provider's constructor:
 *
 *   this.list = readModels.create({ name: 'courses', model: courses, … });
 */
@Injectable()
export class ReadModels implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReadModels');
  private readonly all: ReadModel<Summary>[] = [];
  private readonly background: Promise<void>[] = [];
  private snapshotTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(READ_MODEL_MODE) readonly mode: ReadModelMode,
    private readonly kept: KeptRegistry,
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
    const started = Date.now();
    await Promise.all(this.all.map((readModel) => this.start(readModel, started)));
    if (this.all.some((readModel) => readModel.snapshots)) {
      this.snapshotTimer = setInterval(() => void this.saveSnapshots(), SNAPSHOT_INTERVAL_MS);
      this.snapshotTimer.unref();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    await Promise.all(this.all.map((readModel) => readModel.stop()));
    await Promise.allSettled(this.background);
    await this.saveSnapshots();
  }

  /**
   * From the snapshot when there is one (then the full read runs in the background), else one pass
   * over the collection; either way following the events from a little before what was loaded.
   */
  private async start(readModel: ReadModel<Summary>, started: number): Promise<void> {
    const takenAt = await readModel.loadSnapshot();
    if (takenAt) {
      readModel.follow(this.kept, new Date(Math.min(takenAt.getTime(), started) - FOLLOW_OVERLAP_MS));
      this.background.push(readModel.reconcile().catch((error: unknown) => this.warn(readModel, 'The background read after the snapshot failed', error)));
      return;
    }
    await readModel.load();
    readModel.follow(this.kept, new Date(started - FOLLOW_OVERLAP_MS));
    if (readModel.snapshots) this.background.push(this.saveSnapshot(readModel));
  }

  private async saveSnapshots(): Promise<void> {
    await Promise.all(this.all.map((readModel) => this.saveSnapshot(readModel)));
  }

  private saveSnapshot(readModel: ReadModel<Summary>): Promise<void> {
    return readModel.saveSnapshot().catch((error: unknown) => this.warn(readModel, 'The snapshot could not be saved', error));
  }

  private warn(readModel: ReadModel<Summary>, what: string, error: unknown): void {
    this.logger.warn(`${readModel.definition.name}: ${what} (${error instanceof Error ? error.message : String(error)}).`);
  }
}
