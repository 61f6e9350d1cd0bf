import { INTERVIEW_DIFFICULTY_LABELS, isInterviewDifficulty, isTopic, TOPIC_LABELS, type InterviewDifficulty, type Topic } from '@dblearn/contracts';
import { AREA_LINKS } from '@dblearn/federation';

/** What /interview shows: one topic (null for all) at one difficulty (null for any), or the learner's saved questions. */
export type QuestionView = { kind: 'topic'; topic: Topic | null; difficulty?: InterviewDifficulty | null } | { kind: 'saved' };

/** The URL names the view: /interview, /interview?topic=sql&difficulty=hard, /interview?view=saved (AREA_LINKS), and &page=n. */
export function readView(params: URLSearchParams): QuestionView {
  if (params.get('view') === 'saved') return { kind: 'saved' };
  const topic = params.get('topic');
  const difficulty = params.get('difficulty');
  return { kind: 'topic', topic: isTopic(topic) ? topic : null, difficulty: isInterviewDifficulty(difficulty) ? difficulty : null };
}

export function viewHref(view: QuestionView, page = 1): string {
  if (view.kind === 'saved') return AREA_LINKS.interviewSaved(page);
  const params = new URLSearchParams();
  if (view.topic) params.set('topic', view.topic);
  if (view.difficulty) params.set('difficulty', view.difficulty);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/interview?${query}` : '/interview';
}

export function viewTitle(view: QuestionView): string {
  if (view.kind === 'saved') return 'Saved Questions';
  return view.topic ? TOPIC_LABELS[view.topic] : 'All Questions';
}

/** "hard " in "No hard questions in SQL yet", or nothing for any difficulty. */
export function difficultyWord(view: QuestionView): string {
  return view.kind === 'topic' && view.difficulty ? `${INTERVIEW_DIFFICULTY_LABELS[view.difficulty].toLowerCase()} ` : '';
}
