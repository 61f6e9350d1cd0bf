import type { QnaReply } from '@dblearn/contracts';
import { DeleteButton } from '@dblearn/ui';
import { PostMeta } from './post-meta.js';

export interface ReplyListProps {
  replies: readonly QnaReply[];
  /** Whether this person may delete that reply (its author, or an admin). */
  canDelete: (reply: QnaReply) => boolean;
  deletingId: string | null;
  onDelete: (reply: QnaReply) => void;
}

/** The answers under a question, oldest first, each as text exactly as it was written. */
export function ReplyList({ replies, canDelete, deletingId, onDelete }: ReplyListProps) {
  if (replies.length === 0) return <p className="qna-muted">No answers yet. Be the first to answer.</p>;
  return (
    <ol className="qna-replies">
      {replies.map((reply) => (
        <li key={reply._id} className="qna-reply">
          <PostMeta userName={reply.userName} datePosted={reply.datePosted} />
          <p className="qna-text">{reply.reply}</p>
          {canDelete(reply) ? (
            <DeleteButton itemName={`the answer by ${reply.userName}`} pending={deletingId === reply._id} onConfirm={() => onDelete(reply)} />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
