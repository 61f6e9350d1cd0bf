import { backoffDelay, EVENTS_SUBJECT_PREFIX, SERVICES, type ServiceName } from '@dblearn/contracts';
import { Logger } from '@nestjs/common';
import type { AnyObject, Model } from 'mongoose';
import { findByIds } from '../find-by-ids.js';
import type { KeptRegistry } from '../../feeds/kept-registry.js';
import type { StreamFeed } from '../../feeds/stream-feed.js';
import { ReadModelSnapshot } from './read-model-snapshot.js';
import { type Filterable, type Page, type PageQuery, type Summary, SummaryStore } from './summary-store.js';

/** `memory`: lists from the in-memory read model (default). `off`: lists query MongoDB with indexes. */
export type ReadModelMode = 'memory' | 'off';

/** Which ids an event changes; by default the event's `entityId`. */
export type IdsOfEvent = (event: { entityId: string } & AnyObject) => readonly string[];

export interface ReadModelDefinition<S extends Summary> {
  /** For logs, e.g. `courses`. */
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's model
  model: Model<any>;
  /** The document fields `toSummary` reads; `orderBy` and the filters must be among them. */
  projection: Record<string, 1>;
  toSummary(doc: AnyObject): S;
  /** A field of both the summary and the document (same value), e.g. `createdAt` as ms or `title`. */
  orderBy: keyof S & string;
  direction: 'asc' | 'desc';
  /** Fields of both the summary and the document a page can filter on, e.g. `['topic']`. */
  filters?: readonly (keyof S & string)[];
  /**
   * The subjects whose events change this list, so that every instance follows every other's
   * writes: subject → the ids to re-read (`true`: the event's entityId). An id that is gone is removed.
   */
  follow: Record<string, IdsOfEvent | true>;
  /**
   * Start fast at any size (memory mode): the summaries are saved as a few large documents (every
   * minute when changed, and at shutdown) and read at start instead of the collection; then the
   * collection is read once in the background and the list corrected. Summaries must be plain JSON.
   */
  snapshot?: boolean;
  /**
   * Keep the summaries in memory (loaded, followed, written) even with READ_MODEL=off, while pages
   * still query MongoDB there: for a list that also feeds an in-memory index (issue 22's search).
   */
  inMemoryWhenOff?: boolean;
}

/** Told every change of a read model's summaries in memory (a search index mirrors them). */
export interface ReadModelObserver<S> {
  /** The whole list was (re)loaded. */
  loaded(summaries: readonly S[]): void;
  upserted(summary: S): void;
  removed(id: string): void;
}

/** Summaries whose order field is a Date are stored as ms; this keeps `where` and `orderBy` simple. */
function toPlainWhere(where: PageQuery<Summary>['where']): Record<string, Filterable> {
  const plain: Record<string, Filterable> = {};
  for (const [field, value] of Object.entries(where ?? {})) if (value !== undefined) plain[field] = value;
  return plain;
}

/**
 * One list of a service (DESIGN "Reads at scale"): pages of summaries in list order per filter,
 * with totals. In `memory` mode it is loaded once at start, kept up to date by the service's own
 * writes (`written`, `deleted`: read-your-writes in this instance) and by the listed events (every
 * instance follows, through its own ordered consumer). In `off` mode the same `page()` queries
 * MongoDB (the indexes are created) and the rest does nothing.
 */
export class ReadModel<S extends Summary> {
  private readonly logger: Logger;
  private readonly store: SummaryStore<S>;
  /** Ids whose re-read is in flight → true once a local write overtook it (its result is stale). */
  private readonly refreshing = new Map<string, boolean>();
  private feed: StreamFeed | null = null;
  private stopped = false;
  /** Ids changed while a background full read is under way: re-read after it. */
  private touchedDuringLoad: Set<string> | null = null;
  /** Grows with every change, so that an unchanged list is not saved again. */
  private changes = 0;
  private savedChanges = -1;
  private readonly snapshotStore: ReadModelSnapshot<S> | null;
  private fromSnapshot = false;
  private readonly observers: ReadModelObserver<S>[] = [];
  /** Summaries are held in memory: always in `memory` mode, and in `off` mode with `inMemoryWhenOff`. */
  private readonly inMemory: boolean;

  /** `events.<service>.>`: one filter subject, the only kind the bus lets a service's own consumers use. */
  private readonly ownEvents: string;

  constructor(
    readonly definition: ReadModelDefinition<S>,
    readonly mode: ReadModelMode,
    service: ServiceName,
  ) {
    this.logger = new Logger(`ReadModel ${definition.name}`);
    this.ownEvents = `${EVENTS_SUBJECT_PREFIX}.${SERVICES[service].name}.>`;
    const foreign = Object.keys(definition.follow).filter((subject) => !subject.startsWith(this.ownEvents.slice(0, -1)));
    if (foreign.length > 0) throw new Error(`Read model ${definition.name} follows only svc-${service}'s own events, not ${foreign.join(', ')}.`);
    this.store = new SummaryStore({ orderBy: definition.orderBy, direction: definition.direction, filters: definition.filters });
    this.inMemory = mode === 'memory' || definition.inMemoryWhenOff === true;
    this.snapshotStore = definition.snapshot && this.inMemory ? new ReadModelSnapshot<S>(definition.model.db, definition.name) : null;
  }

  /** True once this instance started from a saved snapshot (logs, tests). */
  get startedFromSnapshot(): boolean {
    return this.fromSnapshot;
  }

  /** Whether this read model starts from a saved snapshot. */
  get snapshots(): boolean {
    return this.snapshotStore !== null;
  }

  /** Tells the observer what is held now (when anything is), then every change. */
  observe(observer: ReadModelObserver<S>): void {
    this.observers.push(observer);
    if (this.store.size > 0) observer.loaded(this.store.all());
  }

  get size(): number {
    return this.store.size;
  }

  /** One summary by `_id` from memory; undefined when it is not listed, and always in `off` mode (read the document instead). */
  get(id: string): S | undefined {
    return this.mode === 'memory' ? this.store.get(id) : undefined;
  }

  async page(query: PageQuery<S>): Promise<Page<S>> {
    if (this.mode === 'memory') return this.store.page(query);
    const { model, projection, orderBy, direction, toSummary } = this.definition;
    const where = toPlainWhere(query.where);
    const order = direction === 'asc' ? 1 : -1;
    const [docs, total] = await Promise.all([
      model.find(where, projection).sort({ [orderBy]: order, _id: order }).skip(query.offset).limit(query.limit).lean<AnyObject[]>().exec(),
      model.countDocuments(where).exec(),
    ]);
    return { items: docs.map((doc) => toSummary(doc)), total };
  }

  /** After this service wrote the document (create or update): the list shows it at once. */
  written(doc: AnyObject): void {
    if (!this.inMemory) return;
    const summary = this.definition.toSummary(doc);
    this.touched([summary._id]);
    if (this.refreshing.has(summary._id)) this.refreshing.set(summary._id, true);
    this.upsert(summary);
  }

  /** After this service deleted documents. */
  deleted(ids: readonly string[]): void {
    if (!this.inMemory) return;
    this.touched(ids);
    for (const id of ids) {
      if (this.refreshing.has(id)) this.refreshing.set(id, true);
      this.remove(id);
    }
  }

  /** Re-reads these documents by `_id` and shows what the database holds (gone → removed). */
  async refresh(ids: readonly string[]): Promise<void> {
    if (!this.inMemory || ids.length === 0) return;
    this.touched(ids);
    for (const id of ids) this.refreshing.set(id, false);
    try {
      const { model, projection, toSummary } = this.definition;
      // One lookup per id (see findByIds): every own write and followed event lands here.
      const found = new Map((await findByIds<AnyObject>(model, ids, projection)).map((doc) => [String(doc._id), doc]));
      for (const id of ids) {
        if (this.refreshing.get(id)) continue;
        const doc = found.get(id);
        if (doc) this.upsert(toSummary(doc));
        else this.remove(id);
      }
    } finally {
      for (const id of ids) this.refreshing.delete(id);
    }
  }

  /** One pass over the collection (the only scan a read model ever makes). */
  async load(): Promise<void> {
    const { model, projection, orderBy, filters = [], toSummary } = this.definition;
    if (this.mode === 'off') {
      for (const field of filters) await model.collection.createIndex({ [field]: 1, [orderBy]: 1, _id: 1 });
      await model.collection.createIndex({ [orderBy]: 1, _id: 1 });
      if (!this.inMemory) return;
    }
    const started = Date.now();
    const summaries: S[] = [];
    for await (const doc of model.find({}, projection).lean<AnyObject>().cursor()) {
      // Shutting down: a background read of 100,000 documents must not hold the stop up.
      if (this.stopped) return;
      summaries.push(toSummary(doc));
    }
    this.loadStore(summaries);
    this.logger.log(`Loaded ${summaries.length} summaries in ${Date.now() - started} ms.`);
  }

  /** `snapshot`: the saved summaries into the list; when they were taken, or null (none, or unreadable). */
  async loadSnapshot(): Promise<Date | null> {
    if (!this.snapshotStore) return null;
    const started = Date.now();
    const saved = await this.snapshotStore.read().catch((error: unknown) => {
      this.logger.warn(`The snapshot could not be read (${error instanceof Error ? error.message : String(error)}); reading the collection.`);
      return null;
    });
    if (!saved) return null;
    this.loadStore(saved.summaries);
    this.savedChanges = this.changes;
    this.fromSnapshot = true;
    this.logger.log(`Loaded ${saved.summaries.length} summaries from the snapshot in ${Date.now() - started} ms.`);
    return saved.takenAt;
  }

  /**
   * After a snapshot start: one full read while the service answers, then the ids changed meanwhile
   * are read again (the full read may hold their older state), then a fresh snapshot.
   */
  async reconcile(): Promise<void> {
    const touched = new Set<string>();
    this.touchedDuringLoad = touched;
    try {
      await this.load();
    } finally {
      this.touchedDuringLoad = null;
    }
    if (this.stopped) return;
    await this.refresh([...touched]);
    await this.saveSnapshot();
  }

  /** `snapshot`: saves the summaries when they changed since the last save. */
  async saveSnapshot(): Promise<void> {
    if (!this.snapshotStore || this.changes === this.savedChanges) return;
    const changes = this.changes;
    await this.snapshotStore.write(this.store.all(), new Date());
    this.savedChanges = changes;
  }

  private loadStore(summaries: readonly S[]): void {
    this.store.load(summaries);
    this.changes += 1;
    for (const observer of this.observers) observer.loaded(this.store.all());
  }

  private upsert(summary: S): void {
    this.store.upsert(summary);
    for (const observer of this.observers) observer.upserted(summary);
  }

  private remove(id: string): void {
    this.store.remove(id);
    for (const observer of this.observers) observer.removed(id);
  }

  private touched(ids: readonly string[]): void {
    this.changes += 1;
    if (this.touchedDuringLoad) for (const id of ids) this.touchedDuringLoad.add(id);
  }

  /**
   * Follows the events from `since` on (a little before the load began, so none falls in between),
   * declared like every kept thing of the service (KeptRegistry.keepReplayed: replayed, never dropped).
   */
  follow(kept: KeptRegistry, since: Date): void {
    if (!this.inMemory || Object.keys(this.definition.follow).length === 0 || this.stopped) return;
    const on = Object.fromEntries(Object.keys(this.definition.follow).map((subject) => [subject, (body: string) => this.apply(subject, body)]));
    this.feed = kept.keepReplayed({ name: `ReadModel ${this.definition.name}`, filter: this.ownEvents, since, on });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.feed?.stop();
  }

  private async apply(subject: string, data: string): Promise<void> {
    const rule = this.definition.follow[subject];
    if (rule === undefined) return;
    let ids: readonly string[] = [];
    try {
      const event = JSON.parse(data) as { entityId: string } & AnyObject;
      ids = rule === true ? [event.entityId] : rule(event);
      ids = ids.filter((id) => typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id));
    } catch {
      this.logger.warn(`Ignored an unreadable event on ${subject}.`);
      return;
    }
    // The database may be away for a moment: try again, then keep going (the next event of that
    // id, or a restart, repairs the entry).
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      try {
        await this.refresh(ids);
        return;
      } catch (error) {
        if (attempt === 5 || this.stopped) {
          this.logger.error(`Could not refresh ${ids.join(', ')} after ${subject}: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt)));
      }
    }
  }
}
