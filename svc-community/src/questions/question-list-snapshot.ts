import { randomUUID } from 'node:crypto';
import type { QnaQuestionSummary } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/** 4 MB of JSON per chunk document: far below the 16 MB document limit, few round trips. */
const CHUNK_CHARS = 4_000_000;
const HEAD_ID = 'questions-head';

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

export interface ListSnapshot {
  summaries: QnaQuestionSummary[];
  /** When the summaries were taken: events from a little before this on are replayed over them. */
  takenAt: Date;
}

/**
 * The list read model saved as a few large JSON strings. FerretDB decodes every document of a full
 * read (about 5,000 a second here, so 100,000 questions take 20–55 s), but a handful of big string
 * documents come back in about 3 s: a start reads this, follows the events written since, and checks
 * everything against the collection in the background. Chunks carry a generation and the head is
 * written last, so a snapshot cut short by a crash is never read.
 */
@Injectable()
export class QuestionListSnapshots {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get collection() {
    return this.connection.collection<SnapshotHead | SnapshotChunk>('list_snapshots');
  }

  async read(): Promise<ListSnapshot | null> {
    // One pass over the few documents: FerretDB finds a string _id by reading every document, so
    // a findOne per chunk would decode all of them again for each chunk.
    const documents = await this.collection.find({}).toArray();
    const head = documents.find((document): document is SnapshotHead => document._id === HEAD_ID);
    if (!head) return null;
    const byId = new Map(documents.map((document) => [document._id, document]));
    let json = '';
    for (let index = 0; index < head.chunks; index += 1) {
      const chunk = byId.get(`questions-${head.generation}-${index}`) as SnapshotChunk | undefined;
      if (!chunk) return null;
      json += chunk.data;
    }
    const summaries = JSON.parse(json) as QnaQuestionSummary[];
    return summaries.length === head.count ? { summaries, takenAt: head.takenAt } : null;
  }

  async write(summaries: readonly QnaQuestionSummary[], takenAt: Date): Promise<void> {
    // Serialized before the first await: the list goes on changing meanwhile.
    const json = JSON.stringify(summaries);
    const previous = (await this.collection.findOne({ _id: HEAD_ID })) as SnapshotHead | null;
    const generation = randomUUID();
    let chunks = 0;
    for (let start = 0; start < json.length || chunks === 0; start += CHUNK_CHARS, chunks += 1) {
      await this.collection.insertOne({ _id: `questions-${generation}-${chunks}`, data: json.slice(start, start + CHUNK_CHARS) });
    }
    const head: SnapshotHead = { _id: HEAD_ID, generation, chunks, count: summaries.length, takenAt };
    await this.collection.replaceOne({ _id: HEAD_ID }, head, { upsert: true });
    if (previous) {
      for (let index = 0; index < previous.chunks; index += 1) await this.collection.deleteOne({ _id: `questions-${previous.generation}-${index}` });
    }
  }
}
