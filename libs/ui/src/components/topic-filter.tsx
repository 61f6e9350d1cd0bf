import { TOPIC_LABELS, TOPICS, type Topic } from '@dblearn/contracts';
import type { ReactNode } from 'react';

export interface TopicFilterProps {
  /** The chosen topic, or null for All. */
  selected: Topic | null;
  onSelect: (topic: Topic | null) => void;
  label?: string;
  /** Extra buttons after the topics (the interview area adds "Saved Questions"). */
  children?: ReactNode;
}

/** SPEC §2: All, then the five topics with their labels; the chosen one is pressed. */
export function TopicFilter({ selected, onSelect, label = 'Filter by topic', children }: TopicFilterProps) {
  const options: { topic: Topic | null; text: string }[] = [
    { topic: null, text: 'All' },
    ...TOPICS.map((topic) => ({ topic, text: TOPIC_LABELS[topic] })),
  ];
  return (
    <div className="dbl-topic-filter" role="group" aria-label={label}>
      {options.map(({ topic, text }) => (
        <button
          key={topic ?? 'all'}
          type="button"
          className="dbl-topic-filter__option"
          aria-pressed={selected === topic}
          onClick={() => onSelect(topic)}
        >
          {text}
        </button>
      ))}
      {children}
    </div>
  );
}
