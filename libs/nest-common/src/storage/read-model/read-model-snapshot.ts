import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';

/** 4 MB of JSON per chunk document: far below the 16 MB document limit, few round trips. */
const CHUNK_CHARS = 4_000_000;
const COLLECTION = 'read_model_snapshots';

interface SnapshotHead {
  _id: string;
  generation: string;
  chunks: number;
  count: number;
  takenAt: Date;
}

interface SnapshotChunk {
  _id: string;
  data: string;
}

export interface SavedSummaries<S> {
  summaries: S[];
  /** When they were taken: events from a little before this on are replayed over them. */
  takenAt: Date;
}

/**
 * A read model's summaries saved as a few large JSON strings in `read_model_snapshots`. FerretDB
 * decodes every document of a full read (about 5,000 a second here: 100,000 documents take 20–60 s),
 * but a handful of big string documents come back in seconds. Chunks carry a generation and the
 * head is written last, so a snapshot cut short by a crash is never read.
 */
export class ReadModelSnapshot<S> {
  private readonly headId: string;

  constructor(
    private readonly connection: Connection,
    private readonly name: string,
  ) {
    this.headId = `${name}-head`;
  }

  private get collection() {
    return this.connection.collection<SnapshotHead | SnapshotChunk>(COLLECTION);
  }

  async read(): Promise<SavedSummaries<S> | null> {
    // One pass over the few documents: FerretDB finds a string _id by reading every document, so
    // a findOne per chunk would decode all of them again for each chunk.
    const documents = await this.collection.find({}).toArray();
    const head = documents.find((document): document is SnapshotHead => document._id === this.headId);
    if (!head) return null;
    const byId = new Map(documents.map((document) => [document._id, document]));
    let json = '';
    for (let index = 0; index < head.chunks; index += 1) {
      const chunk = byId.get(this.chunkId(head.generation, index)) as SnapshotChunk | undefined;
      if (!chunk) return null;
      json += chunk.data;
    }
    const summaries = JSON.parse(json) as S[];
    return summaries.length === head.count ? { summaries, takenAt: head.takenAt } : null;
  }

  async write(summaries: readonly S[], takenAt: Date): Promise<void> {
    // Serialized before the first await: the list goes on changing meanwhile.
    const json = JSON.stringify(summaries);
    const previous = (await this.collection.findOne({ _id: this.headId })) as SnapshotHead | null;
    const generation = randomUUID();
    let chunks = 0;
    for (let start = 0; start < json.length || chunks === 0; start += CHUNK_CHARS, chunks += 1) {
      await this.collection.insertOne({ _id: this.chunkId(generation, chunks), data: json.slice(start, start + CHUNK_CHARS) });
    }
    const head: SnapshotHead = { _id: this.headId, generation, chunks, count: summaries.length, takenAt };
    await this.collection.replaceOne({ _id: this.headId }, head, { upsert: true });
    if (previous) {
      for (let index = 0; index < previous.chunks; index += 1) await this.collection.deleteOne({ _id: this.chunkId(previous.generation, index) });
    }
  }

  private chunkId(generation: string, index: number): string {
    return `${this.name}-${generation}-${index}`;
  }
}
