import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { JsonBytesReply } from '../messaging/json-bytes-reply.js';
import { ByteBoundedCache, type ByteBoundedCacheStats } from './byte-bounded-cache.js';

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

export type JsonItemCacheStats = ByteBoundedCacheStats;

/**
 * Recently read items by id, as CachedJson, bounded by the bytes they hold (least recently used
 * goes first): a ByteBoundedCache of each item's answers. See there for drops and concurrent loads.
 */
export class JsonItemCache<T> {
  private readonly entries: ByteBoundedCache<CachedJson<T>>;

  constructor(maxBytes: number) {
    this.entries = new ByteBoundedCache<CachedJson<T>>(maxBytes);
  }

  getOrLoad(id: string, load: () => Promise<T | null>): Promise<CachedJson<T> | null> {
    return this.entries.getOrLoad(id, async () => {
      const value = await load();
      return value === null ? null : new CachedJson(value);
    });
  }

  drop(id: string): void {
    this.entries.drop(id);
  }

  clear(): void {
    this.entries.clear();
  }

  stats(): JsonItemCacheStats {
    return this.entries.stats();
  }
}
