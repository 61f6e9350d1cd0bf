import type { Topic } from '@dblearn/contracts';
import { TopicFilter } from '@dblearn/ui';
import { useNavigate } from '@dblearn/web/router';
import { listHref } from './question-view.js';

/** SPEC §2: the topic sidebar of /qna (All and the five topics); each choice has its own URL. */
export function TopicSidebar({ current }: { current: Topic | null }) {
  const navigate = useNavigate();
  return (
    <nav className="qna-sidebar" aria-label="Question topics">
      <TopicFilter selected={current} onSelect={(topic) => navigate(listHref(topic))} label="Show questions about" />
    </nav>
  );
}
