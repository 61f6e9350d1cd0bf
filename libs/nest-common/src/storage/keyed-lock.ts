/**
 * Runs tasks for one key one after another, tasks for different keys side by side.
 *
 * Why: FerretDB 1.24 (SQLite) applies every update as read, change, write back with no isolation,
 * so two concurrent updates of one document lose one of them, even `$push`, `$inc` and an update
 * guarded by a version field (measured: 20 concurrent `$push` left 1 element). Within one process
 * this queue makes each document's writes sequential. It does nothing across processes: svc-users'
 * progress writes add a claim document keyed by the user's `_id` for that (UserWriteClaims), since a
 * version guard in the update's filter scans on FerretDB and isolates nothing there.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget the key once nothing more is queued behind this task.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}
