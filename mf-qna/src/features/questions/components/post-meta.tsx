import { TOPIC_LABELS, type Topic } from '@dblearn/contracts';
import { formatDate } from './question-view.js';

export interface PostMetaProps {
  /** The author's display name (never an e-mail), or "deleted learner". */
  authorName: string;
  datePosted: string;
  topic?: Topic;
}

/** Who wrote it, when, and (for questions) the topic. Plain text: React escapes whatever people typed. */
export function PostMeta({ authorName, datePosted, topic }: PostMetaProps) {
  return (
    <p className="qna-meta">
      <span className="qna-meta__author">{authorName}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={datePosted}>{formatDate(datePosted)}</time>
      {topic ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="qna-meta__topic">{TOPIC_LABELS[topic]}</span>
        </>
      ) : null}
    </p>
  );
}
