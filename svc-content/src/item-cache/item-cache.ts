import { CHANGE_SUBJECTS, CONTENT_ITEM_KINDS, type ContentItemKind } from '@dblearn/contracts';
import { ChangeBroadcast, type CachedJson, EventsConnection, JsonItemCache, type JsonItemCacheStats, KeptRegistry, reportWrites, RequestConnection } from '@dblearn/nest-common';
import { Inject, Injectable } from '@nestjs/common';
import type { Schema } from 'mongoose';
import { CONTENT_CONFIG, type ContentConfig } from '../config/content-config.js';

/** Hears which item changed (the search index, issue 22). */
export type ItemChangeListener = (kind: ContentItemKind, id: string | null) => void;

/**
 * The four item reads (GET /course/{id}, /tutorial/{id}, /project/{id}, /interview/{id}) from
 * memory: each item's answer built once per version (JSON, gzip, entity tag) and kept until a write
 * of its document, on any instance, drops it. The writes are seen by a mongoose plugin on the four
 * schemas (`schemaFor`), so every writer (services, import, seed, outbox relay) drops what it changed
 * before it goes on, and no instance serves the old version after the write was answered. The
 * gateway hears the same announcements for the answers it keeps (gateway/src/content/item-answers.ts).
 * Each kind's memory is bounded (ITEM_CACHE_MB, split evenly).
 */
@Injectable()
export class ItemCache {
  private readonly caches: Record<ContentItemKind, JsonItemCache<unknown>>;
  private readonly broadcasts: Record<ContentItemKind, ChangeBroadcast>;
  private readonly listeners: ItemChangeListener[] = [];

  constructor(
    @Inject(CONTENT_CONFIG) config: Pick<ContentConfig, 'itemCacheBytes'>,
    requests: RequestConnection,
    events: EventsConnection,
    kept: KeptRegistry,
  ) {
    const perKind = Math.floor(config.itemCacheBytes / CONTENT_ITEM_KINDS.length);
    this.caches = byKind(() => new JsonItemCache<unknown>(perKind));
    this.broadcasts = byKind((kind) => new ChangeBroadcast(requests, events, CHANGE_SUBJECTS.contentItem(kind), (id) => this.changed(kind, id), kept));
  }

  /** Told every write of an item, on this instance or another (null: any item of the kind may have changed). */
  onChange(listener: ItemChangeListener): void {
    this.listeners.push(listener);
  }

  get<T>(kind: ContentItemKind, id: string, load: () => Promise<T | null>): Promise<CachedJson<T> | null> {
    return (this.caches[kind] as JsonItemCache<T>).getOrLoad(id, load);
  }

  /** The kind's schema with the plugin that drops an item here and on every instance when it is written. */
  schemaFor<S extends Schema>(kind: ContentItemKind, schema: S): S {
    // A copy: one schema object may serve several applications in one process (tests).
    const copy = schema.clone() as S;
    copy.plugin(reportWrites((id) => this.broadcasts[kind].announce(id)));
    return copy;
  }

  private changed(kind: ContentItemKind, id: string | null): void {
    if (id === null) this.caches[kind].clear();
    else this.caches[kind].drop(id);
    for (const listener of this.listeners) listener(kind, id);
  }

  stats(): Record<ContentItemKind, JsonItemCacheStats> {
    return byKind((kind) => this.caches[kind].stats());
  }
}

function byKind<V>(make: (kind: ContentItemKind) => V): Record<ContentItemKind, V> {
  return Object.fromEntries(CONTENT_ITEM_KINDS.map((kind) => [kind, make(kind)])) as Record<ContentItemKind, V>;
}
