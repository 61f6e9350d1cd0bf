import { isTopic, TOPIC_LABELS, type Topic } from '@dblearn/contracts';
import { AREA_LINKS } from '@dblearn/federation';

/** What /interview shows: one topic (null for all), or the learner's saved questions. */
export type QuestionView = { kind: 'topic'; topic: Topic | null } | { kind: 'saved' };

/** The URL names the view: /interview, /interview?topic=sql, /interview?view=saved (AREA_LINKS), and &page=n. */
export function readView(params: URLSearchParams): QuestionView {
  if (params.get('view') === 'saved') return { kind: 'saved' };
  const topic = params.get('topic');
  return { kind: 'topic', topic: isTopic(topic) ? topic : null };
}

export function viewHref(view: QuestionView, page = 1): string {
  if (view.kind === 'saved') return AREA_LINKS.interviewSaved(page);
  const params = new URLSearchParams();
  if (view.topic) params.set('topic', view.topic);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/interview?${query}` : '/interview';
}

export function viewTitle(view: QuestionView): string {
  if (view.kind === 'saved') return 'Saved Questions';
  return view.topic ? TOPIC_LABELS[view.topic] : 'All Questions';
}
