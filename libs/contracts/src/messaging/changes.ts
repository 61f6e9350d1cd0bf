import { CONTENT_ITEM_KINDS, type ContentItemKind } from './json-bytes.js';

/**
 * "This document changed", over core NATS (no stream, no queue group): whoever keeps an answer built
 * from it drops it. The owning service's other instances hear it, and so does the gateway, which
 * keeps the answers of the item reads (issue 20). The body is the document's id, or
 * CHANGED_EVERYTHING. Only the owning service publishes under `<its queue>.changes.`.
 */
export const CHANGED_EVERYTHING = '*';

export const CHANGE_SUBJECTS = {
  /** A course, tutorial, project or interview question of svc-content. */
  contentItem: (kind: ContentItemKind) => `svc-content.changes.${kind}`,
  /** A user's document (their profile): svc-users' instances, its commands and the gateway hear it. */
  profile: 'svc-users.changes.profile',
} as const;

/** What the gateway listens to: every kind of svc-content's items. */
export const CONTENT_ITEM_CHANGES = 'svc-content.changes.*';

/** The kind a contentItem subject names, or null for any other subject. */
export function contentItemKindOf(subject: string): ContentItemKind | null {
  const prefix = 'svc-content.changes.';
  if (!subject.startsWith(prefix)) return null;
  const kind = subject.slice(prefix.length);
  return (CONTENT_ITEM_KINDS as readonly string[]).includes(kind) ? (kind as ContentItemKind) : null;
}
