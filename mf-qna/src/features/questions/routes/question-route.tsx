import type { QnaReply } from '@dblearn/contracts';
import { DeleteButton, LinkButton } from '@dblearn/ui';
import { toast, useSession } from '@dblearn/web';
import { useState } from 'react';
import { useNavigate, useParams } from '@dblearn/web/router';
import { useAcceptReplyMutation } from '../api/accept-reply.js';
import { useAddReplyMutation } from '../api/add-reply.js';
import { useDeleteQuestionMutation } from '../api/delete-question.js';
import { useDeleteReplyMutation } from '../api/delete-reply.js';
import { useGetQuestionQuery } from '../api/get-question.js';
import { useQnaLiveQuery } from '../api/qna-live.js';
import { PostMeta } from '../components/post-meta.js';
import { PostBody } from '../markdown/post-body.js';
import { QuestionUnavailable } from '../components/question-unavailable.js';
import { ReplyForm } from '../components/reply-form.js';
import { ReplyList } from '../components/reply-list.js';
import { toastRefusal } from '@dblearn/ui';

/**
 * /qna/{id}: the question, a form to answer it, and the answers. The author may edit and delete it
 * and delete their own answers and accept one answer; an admin may delete any question or answer, and
 * accept or clear the accepted answer. Nobody else sees those
 * controls (the gateway refuses them anyway).
 */
export default function QuestionRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const { currentData: question, error, isFetching, refetch } = useGetQuestionQuery(id);
  const [addReply, { isLoading: replying }] = useAddReplyMutation();
  const [deleteQuestion, { isLoading: deleting }] = useDeleteQuestionMutation();
  const [deleteReply] = useDeleteReplyMutation();
  const [deletingReplyId, setDeletingReplyId] = useState<string | null>(null);
  // Issue 22: others' replies, edits and accepts arrive without a reload; the last one is announced.
  const { data: live } = useQnaLiveQuery();
  const heard = live?.notices[id];
  const [acceptReply] = useAcceptReplyMutation();
  const [acceptingReplyId, setAcceptingReplyId] = useState<string | null>(null);

  if (!question) {
    if (isFetching) return <p role="status">Loading the question…</p>;
    return <QuestionUnavailable error={error} retry={() => void refetch()} />;
  }

  // Ownership by account id, only to show the buttons: svc-community decides every write.
  const isAuthor = user !== null && user !== undefined && question.authorId === user._id;
  // One's own new answer needs no announcement: it is on the page already.
  const ownReply = heard?.kind === 'replied' && question.replies.some((reply) => reply._id === heard.replyId && reply.authorId === user?._id);
  const notice = heard && !ownReply ? heard.text : '';
  const canDeleteReply = (reply: QnaReply) => isAdmin || (reply.authorId !== null && reply.authorId === user?._id);

  const removeQuestion = async () => {
    try {
      await deleteQuestion(question._id).unwrap();
      toast.success('Question deleted.');
      navigate('/qna');
    } catch (failure) {
      toastRefusal(failure, 'The question could not be deleted.');
    }
  };

  const answer = async (reply: string): Promise<boolean> => {
    try {
      await addReply({ questionId: question._id, reply }).unwrap();
      return true;
    } catch (failure) {
      // SPEC §8: a 4xx is told; anything else was only logged by the base API.
      toastRefusal(failure, 'The answer could not be posted.');
      return false;
    }
  };

  const removeReply = async (reply: QnaReply) => {
    setDeletingReplyId(reply._id);
    try {
      await deleteReply({ questionId: question._id, replyId: reply._id }).unwrap();
      toast.success('Answer deleted.');
    } catch (failure) {
      toastRefusal(failure, 'The answer could not be deleted.');
    } finally {
      setDeletingReplyId(null);
    }
  };

  /** The author (or an admin) accepts a reply; null: an admin clears the accepted one. */
  const accept = async (reply: QnaReply | null) => {
    setAcceptingReplyId(reply?._id ?? question.acceptedReplyId);
    try {
      await acceptReply({ questionId: question._id, replyId: reply?._id ?? null }).unwrap();
      toast.success(reply ? 'Answer accepted.' : 'Accepted answer cleared.');
    } catch (failure) {
      toastRefusal(failure, reply ? 'The answer could not be accepted.' : 'The accepted answer could not be cleared.');
    } finally {
      setAcceptingReplyId(null);
    }
  };

  return (
    <div className="qna-thread">
      <LinkButton variant="ghost" to="/qna" className="qna-thread__back">
        ← All questions
      </LinkButton>
      <article className="qna-question" aria-labelledby="qna-question-title">
        <h1 id="qna-question-title" className="qna-question__title">
          {question.title}
        </h1>
        <PostMeta authorName={question.authorName} datePosted={question.datePosted} topic={question.topic} />
        <PostBody text={question.description} sandboxCourseId={question.sandboxCourseId} />
        {isAuthor || isAdmin ? (
          <div className="qna-question__actions">
            {isAuthor ? (
              <LinkButton variant="secondary" to={`/qna/edit/${question._id}`}>
                Edit
              </LinkButton>
            ) : null}
            <DeleteButton itemName="this question" pending={deleting} onConfirm={() => void removeQuestion()} />
          </div>
        ) : null}
      </article>
      <p role="status" aria-live="polite" className="qna-live__notice">
        {notice}
      </p>
      <section className="qna-answers" aria-labelledby="qna-answers-title">
        <h2 id="qna-answers-title">Answers ({question.replies.length})</h2>
        <ReplyList
          replies={question.replies}
          sandboxCourseId={question.sandboxCourseId}
          acceptedId={question.acceptedReplyId ?? null}
          canDelete={canDeleteReply}
          deletingId={deletingReplyId}
          onDelete={(reply) => void removeReply(reply)}
          canAccept={isAuthor || isAdmin}
          canClear={isAdmin}
          acceptingId={acceptingReplyId}
          onAccept={(reply) => void accept(reply)}
        />
        <h2 className="qna-answers__form-title">Your answer</h2>
        <ReplyForm submitting={replying} sandboxCourseId={question.sandboxCourseId} onSubmit={answer} />
      </section>
    </div>
  );
}
