import type { SearchMark } from '@dblearn/contracts';
import type { ReactNode } from 'react';

/**
 * Text with the server's matched ranges as <mark>: React text nodes only, so markup in a title or
 * snippet (`<script>`) shows as the characters it is. Ranges out of order or out of bounds are skipped.
 */
export function Highlighted({ text, marks }: { text: string; marks: readonly SearchMark[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
