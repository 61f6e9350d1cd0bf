import { isTopic, TOPIC_LABELS, type Topic } from '@dblearn/contracts';

/**
 * The URL names what /qna shows: /qna, /qna?topic=sql, &page=n. `ask=1` opens it with the post
 * form focused (the dashboard's Ask button links to /qna?ask=1).
 */
export const ASK_PARAM = 'ask';

export function readTopic(params: URLSearchParams): Topic | null {
  const topic = params.get('topic');
  return isTopic(topic) ? topic : null;
}

export function listHref(topic: Topic | null, page = 1): string {
  const params = new URLSearchParams();
  if (topic) params.set('topic', topic);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/qna?${query}` : '/qna';
}

export function topicTitle(topic: Topic | null): string {
  return topic ? TOPIC_LABELS[topic] : 'All Questions';
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "23 Nov 2026": the same in every browser, whatever its locale. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}
