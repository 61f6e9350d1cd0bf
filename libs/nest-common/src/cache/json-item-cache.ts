import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { JsonBytesReply } from '../messaging/json-bytes-reply.js';

/** Below this an answer travels as it is: gzip would save little and cost the reader a decode. */
export const GZIP_FROM_BYTES = 1024;

/**
 * One version of an item as the replies that carry it: its JSON (and, when large, its gzip) made
 * once, with an entity tag (a hash of the JSON) the gateway answers `If-None-Match` with.
 */
export class CachedJson<T> {
  readonly json: JsonBytesReply;
  readonly gzipped: JsonBytesReply | null;
  readonly etag: string;

  constructor(readonly value: T) {
    const bytes = Buffer.from(JSON.stringify(value));
    // Weak: the plain and the gzipped bytes are one version of the same answer.
    this.etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
    this.json = new JsonBytesReply(bytes, { etag: this.etag });
    this.gzipped = bytes.length >= GZIP_FROM_BYTES ? new JsonBytesReply(gzipSync(bytes), { etag: this.etag, gzip: true }) : null;
  }

  /** The gzipped bytes when the caller takes gzip and the answer is large enough. */
  reply(acceptsGzip: boolean): JsonBytesReply {
    return acceptsGzip && this.gzipped ? this.gzipped : this.json;
  }

  /** Bytes held for this version (what the cache's bound counts). */
  get size(): number {
    return this.json.bytes.length + (this.gzipped?.bytes.length ?? 0);
  }
}

export interface JsonItemCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

/**
 * Recently read items by id, as CachedJson, bounded by the bytes they hold (least recently used
 * goes first). Every write drops its item (`drop`); a load that started before a drop never stores
 * what it read, since it may be the version the write replaced. Concurrent reads of a cold item share
 * one load.
 */
export class JsonItemCache<T> {
  private readonly entries = new Map<string, CachedJson<T>>();
  private readonly loading = new Map<string, Promise<CachedJson<T> | null>>();
  private bytes = 0;
  private drops = 0;

  constructor(private readonly maxBytes: number) {}

  async getOrLoad(id: string, load: () => Promise<T | null>): Promise<CachedJson<T> | null> {
    const cached = this.entries.get(id);
    if (cached) {
      // Most recently used goes last; the first in the map is the first evicted.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const pending = this.loading.get(id);
    if (pending) return pending;
    const dropsBefore = this.drops;
    const loaded = load().then((value) => {
      if (value === null) return null;
      const fresh = new CachedJson(value);
      if (this.drops === dropsBefore) this.store(id, fresh);
      return fresh;
    });
    this.loading.set(id, loaded);
    try {
      return await loaded;
    } finally {
      if (this.loading.get(id) === loaded) this.loading.delete(id);
    }
  }

  drop(id: string): void {
    this.drops += 1;
    this.forget(id);
    // A load that started before this drop may return the old version: later readers start afresh.
    this.loading.delete(id);
  }

  clear(): void {
    this.drops += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  stats(): JsonItemCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private store(id: string, entry: CachedJson<T>): void {
    // One item larger than the whole bound is answered but not kept.
    if (entry.size > this.maxBytes) return;
    this.forget(id);
    this.entries.set(id, entry);
    this.bytes += entry.size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
    }
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.size;
  }
}
