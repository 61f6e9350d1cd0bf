import { gzipSync } from 'node:zlib';
import type { QnaQuestion } from '@dblearn/contracts';
import { JsonBytesReply } from '@dblearn/nest-common';

/** A question and its JSON as the reply that carries it (UTF-8 bytes), made once per load. */
export class CachedQuestion {
  readonly json: JsonBytesReply;
  private gzipped: JsonBytesReply | null = null;

  constructor(readonly question: QnaQuestion) {
    this.json = JsonBytesReply.of(question);
  }

  /** The same bytes gzipped, made on first use (a browser asks for them; 45 kB → 2.5 kB at 200 replies). */
  get gzip(): JsonBytesReply {
    this.gzipped ??= new JsonBytesReply(gzipSync(this.json.bytes));
    return this.gzipped;
  }
}

const MAX_ENTRIES = 2_000;

/**
 * Recently read questions, whole (GET /qna/{id} is the hot read: FerretDB spends milliseconds of
 * CPU decoding a question with hundreds of replies). Every write and every community event drops
 * the entry; a read that started before a drop never stores its (possibly older) answer.
 */
export class QuestionCache {
  private readonly entries = new Map<string, CachedQuestion>();
  /** Loads under way: many requests for one cold question share one database read. */
  private readonly loading = new Map<string, Promise<CachedQuestion | null>>();
  private drops = 0;

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  async getOrLoad(id: string, load: () => Promise<QnaQuestion | null>): Promise<CachedQuestion | null> {
    const cached = this.entries.get(id);
    if (cached) {
      // Most recently used goes last; the oldest is first in line for eviction.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const pending = this.loading.get(id);
    if (pending) return pending;
    const dropsBefore = this.drops;
    const loaded = load().then((question) => {
      if (!question) return null;
      const cached = new CachedQuestion(question);
      if (this.drops === dropsBefore) {
        this.entries.set(id, cached);
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      }
      return cached;
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
    this.entries.delete(id);
    // A load that started before this drop may return the old question: later readers start afresh.
    this.loading.delete(id);
  }

  clear(): void {
    this.drops += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
