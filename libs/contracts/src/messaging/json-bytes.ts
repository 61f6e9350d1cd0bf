/**
 * A reply that crossed NATS as ready-made JSON bytes (nest-common's JsonBytesReply): the gateway
 * sends `body` on as the HTTP body without parsing it.
 */
export interface JsonBytes {
  body: Uint8Array;
  /** The entity tag of this version of the answer, when the service keeps one (for `If-None-Match`). */
  etag: string | null;
  /** `body` is gzipped JSON. */
  gzip: boolean;
}

/** What GET /course/{id}, /tutorial/{id}, /project/{id} and /interview/{id} read from svc-content's memory. */
export const CONTENT_ITEM_KINDS = ['course', 'tutorial', 'project', 'interview'] as const;
export type ContentItemKind = (typeof CONTENT_ITEM_KINDS)[number];
