import type { JsonBytes } from '@dblearn/contracts';
import type { Request, Response } from 'express';

/**
 * Sends a service's ready-made JSON bytes as they are. With an entity tag the answer may be kept by
 * the browser and must be revalidated (`private, no-cache`): a reader who comes back sends
 * `If-None-Match` and gets a 304 without a body while the item is unchanged.
 */
export function sendJsonBytes(request: Request, response: Response, answer: JsonBytes): void {
  response.vary('Accept-Encoding').type('application/json');
  if (answer.etag) {
    response.setHeader('ETag', answer.etag);
    // Overrides the API's `no-store`: an item is the same for every signed-in reader, and has no secret.
    response.setHeader('Cache-Control', 'private, no-cache');
    // Express compares If-None-Match with the ETag just set (weakly, as HTTP says for GET).
    if (request.fresh) {
      response.status(304).end();
      return;
    }
  }
  if (answer.gzip) response.setHeader('Content-Encoding', 'gzip');
  response.send(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
}

/** Whether the caller takes a gzipped body. */
export function acceptsGzip(request: Request): boolean {
  return request.acceptsEncodings('gzip') === 'gzip';
}
