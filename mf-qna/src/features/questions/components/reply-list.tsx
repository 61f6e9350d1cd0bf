import type { QnaReply } from '@dblearn/contracts';
import { Button, DeleteButton } from '@dblearn/ui';
import { PostBody } from '../markdown/post-body.js';
import { PostMeta } from './post-meta.js';

export interface ReplyListProps {
  replies: readonly QnaReply[];
  /** The question's practice database: a reply's ```sql blocks run on it too. */
  sandboxCourseId?: string | null;
  /** The accepted reply's id, shown first and marked; null while none is. */
  acceptedId: string | null;
  /** Whether this person may delete that reply (its author, or an admin). */
  canDelete: (reply: QnaReply) => boolean;
  deletingId: string | null;
  onDelete: (reply: QnaReply) => void;
  /** Whether this person may accept a reply (the question's author, or an admin). */
  canAccept: boolean;
  /** Whether this person may clear the accepted reply (an admin). */
  canClear: boolean;
  /** The reply being accepted (or cleared: the accepted one) while its call runs. */
  acceptingId: string | null;
  onAccept: (reply: QnaReply | null) => void;
}

/** The accepted reply first, then the others oldest first (a stable sort keeps their order). */
export function acceptedFirst(replies: readonly QnaReply[], acceptedId: string | null): QnaReply[] {
  return [...replies].sort((a, b) => Number(b._id === acceptedId) - Number(a._id === acceptedId));
}

/** The answers under a question, the accepted one first and marked. */
export function ReplyList({ replies, sandboxCourseId, acceptedId, canDelete, deletingId, onDelete, canAccept, canClear, acceptingId, onAccept }: ReplyListProps) {
  if (replies.length === 0) return <p className="qna-muted">No answers yet. Be the first to answer.</p>;
  return (
    <ol className="qna-replies">
      {acceptedFirst(replies, acceptedId).map((reply) => {
        const accepted = reply._id === acceptedId;
        return (
          <li key={reply._id} className={accepted ? 'qna-reply qna-reply--accepted' : 'qna-reply'} aria-label={accepted ? `Accepted answer by ${reply.authorName}` : undefined}>
            {accepted ? (
              <p className="qna-reply__accepted">
                <span aria-hidden="true">✓ </span>Accepted answer
              </p>
            ) : null}
            <PostMeta authorName={reply.authorName} datePosted={reply.datePosted} />
            <PostBody text={reply.reply} sandboxCourseId={sandboxCourseId} />
            <div className="qna-reply__actions">
              {canAccept && !accepted ? (
                <Button variant="secondary" disabled={acceptingId !== null} onClick={() => onAccept(reply)}>
                  {acceptingId === reply._id ? 'Accepting…' : 'Accept this answer'}
                </Button>
              ) : null}
              {canClear && accepted ? (
                <Button variant="ghost" disabled={acceptingId !== null} onClick={() => onAccept(null)}>
                  {acceptingId === reply._id ? 'Clearing…' : 'Clear accepted answer'}
                </Button>
              ) : null}
              {canDelete(reply) ? (
                <DeleteButton itemName={`the answer by ${reply.authorName}`} pending={deletingId === reply._id} onConfirm={() => onDelete(reply)} />
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
