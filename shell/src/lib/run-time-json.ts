/**
 * A JSON file the shell server writes at run time (/remotes.json, /config.json), fetched once per
 * page and shared by every caller. A failure is forgotten, so the next call (a Retry, the next
 * page) asks again instead of keeping the error.
 */
export function runTimeJson<T>(path: string, parse: (body: unknown) => T, init: RequestInit = {}): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= fetch(path, { ...init, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
        return parse(await response.json());
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}
