/**
 * The error rspack's runtime throws when a script chunk does not arrive in time or at all: name
 * ChunkLoadError, message "Loading chunk {id} failed." then "(type: address)" (SPEC §8). The
 * federation runtime may wrap it, so the cause chain is searched too.
 */
export function findChunkLoadError(error: unknown): Error | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    if (current.name === 'ChunkLoadError') return current;
    seen.add(current);
    current = current.cause;
  }
  return null;
}
