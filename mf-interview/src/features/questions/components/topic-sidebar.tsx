import { TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { Link } from '@dblearn/web/router';
import { viewHref, type QuestionView } from './question-view.js';

const VIEWS: readonly { view: QuestionView; label: string }[] = [
  { view: { kind: 'topic', topic: null }, label: 'All' },
  ...TOPICS.map((topic) => ({ view: { kind: 'topic', topic } as const, label: TOPIC_LABELS[topic] })),
  { view: { kind: 'saved' }, label: 'Saved Questions' },
];

function sameView(a: QuestionView, b: QuestionView): boolean {
  if (a.kind === 'saved' || b.kind === 'saved') return a.kind === b.kind;
  return a.topic === b.topic;
}

/** SPEC §2 sidebar: All, the five topics and Saved Questions, as links (each view has its own URL; a topic keeps the difficulty chosen). */
export function TopicSidebar({ current }: { current: QuestionView }) {
  return (
    <nav className="interview-sidebar" aria-label="Question topics">
      <ul>
        {VIEWS.map(({ view, label }) => (
          <li key={label}>
            <Link to={viewHref(view.kind === 'topic' && current.kind === 'topic' ? { ...view, difficulty: current.difficulty } : view)} className="interview-sidebar__link" aria-current={sameView(view, current) ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
