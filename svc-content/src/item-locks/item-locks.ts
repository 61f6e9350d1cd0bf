import { KeyedLock } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';

type Id = string | Types.ObjectId;

/**
 * The one queue of writes per tutorial or project document (keyed by its `_id`) in this instance.
 * FerretDB 1.24 loses one of two concurrent updates of a document, so every path that writes an
 * item (its checks, its course, its title and blocks, the import) runs its read and write in here.
 * Order: an item's lock may be held while a course's lock is taken (CoursesService), never the
 * other way round, and never a second item's lock except through `runAll`.
 */
@Injectable()
export class ItemLocks {
  private readonly lock = new KeyedLock();

  run<T>(id: Id, task: () => Promise<T>): Promise<T> {
    return this.lock.run(String(id), task);
  }

  /** Holds every item's lock for `task`, taken in one sorted order so that two callers cannot wait on each other. */
  runAll<T>(ids: Iterable<Id>, task: () => Promise<T>): Promise<T> {
    return runAllKeys(this.lock, ids, task);
  }
}

/** Holds `lock` for every id (sorted, each once) around `task`: two callers that do so cannot wait on each other. */
export function runAllKeys<T>(lock: KeyedLock, ids: Iterable<Id>, task: () => Promise<T>): Promise<T> {
  const keys = [...new Set([...ids].map(String))].sort();
  const from = (at: number): Promise<T> => (at === keys.length ? task() : lock.run(keys[at]!, () => from(at + 1)));
  return from(0);
}
