import { TOPIC_LABELS, type Topic } from '@dblearn/contracts';
import { formatDate } from './question-view.js';

export interface PostMetaProps {
  userName: string;
  datePosted: string;
  topic?: Topic;
}

/** Who wrote it, when, and (for questions) the topic. Plain text: React escapes whatever people typed. */
export function PostMeta({ userName, datePosted, topic }: PostMetaProps) {
  return (
    <p className="qna-meta">
      <span className="qna-meta__author">{userName}</span>
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
