/**
 * How every built front end (the shell on :8080, each remote on its port) is served: sirv sends the
 * brotli or gzip copy made at build (precompressionPlugins) to browsers that accept it; names with
 * a content hash are cached for good, everything else (index.html, mf-manifest.json, remoteEntry.js)
 * is asked again on every load so a redeploy is seen at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/** rspack names every emitted asset with an 8-hex content hash: such a file never changes. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const ALWAYS_REVALIDATE = 'no-cache';

export function cacheControlFor(pathname: string): string {
  return HASHED_NAME.test(pathname) ? IMMUTABLE : ALWAYS_REVALIDATE;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A handler for the files under `dir`; anything it does not serve goes to `next`. */
export function builtFiles(dir: string): StaticHandler {
  const serve = sirv(dir, {
    // The file list is read once at start: a build writes a new dist/ and the server restarts.
    dev: false,
    brotli: true,
    gzip: true,
    // Dot-files (the launcher's build stamp) are never served.
    dotfiles: false,
    // Hashed names make ETags pointless there, and no-cache files are small: skip the stat hashing.
    etag: false,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControlFor(pathname)),
  });
  return (req, res, next) => serve(req, res, next);
}
