import { Pagination, toastRefusal } from '@dblearn/ui';
import { toast, useAddToReviewMutation, useSession } from '@dblearn/web';
import { useState } from 'react';
import { useDeleteQuestionMutation } from '../api/delete-question.js';
import type { ShownQuestion } from '../api/interview-question.js';
import { useSaveQuestionMutation } from '../api/save-question.js';
import { useUnsaveQuestionMutation } from '../api/unsave-question.js';
import { QuestionCard } from './question-card.js';

export interface QuestionListProps {
  items: readonly ShownQuestion[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  savedIds: ReadonlySet<string>;
}

/** One page of questions with their save, edit and delete actions, and the page buttons. */
export function QuestionList({ items, total, page, onPageChange, savedIds }: QuestionListProps) {
  const { user, isAdmin } = useSession();
  const [saveQuestion] = useSaveQuestionMutation();
  const [unsaveQuestion] = useUnsaveQuestionMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const [addToReview] = useAddToReviewMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const track = async (id: string, work: () => Promise<unknown>) => {
    setPending((current) => new Set(current).add(id));
    try {
      await work();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const toggleSave = (question: ShownQuestion, saved: boolean) => {
    if (!user) return;
    const change = { userId: user._id, question };
    void track(question._id, async () => {
      try {
        await (saved ? unsaveQuestion(change) : saveQuestion(change)).unwrap();
      } catch (error) {
        toastRefusal(error, saved ? 'The question could not be unsaved.' : 'The question could not be saved.');
      }
    });
  };

  const review = (question: ShownQuestion) => {
    if (!user) return;
    void track(question._id, async () => {
      try {
        await addToReview(question._id).unwrap();
        toast.success('Added to your review deck.');
      } catch (error) {
        toastRefusal(error, 'The question could not be added to your review deck.');
      }
    });
  };

  const remove = (question: ShownQuestion) =>
    void track(question._id, async () => {
      try {
        await deleteQuestion(question._id).unwrap();
        toast.success('Question deleted.');
      } catch (error) {
        toastRefusal(error, 'The question could not be deleted.');
      }
    });

  return (
    <>
      <ul className="interview-list">
        {items.map((question) => (
          <li key={question._id}>
            <QuestionCard
              question={question}
              saved={savedIds.has(question._id)}
              saving={pending.has(question._id)}
              onToggleSave={toggleSave}
              onAddToReview={review}
              isAdmin={isAdmin}
              deleting={pending.has(question._id)}
              onDelete={remove}
            />
          </li>
        ))}
      </ul>
      <Pagination totalItems={total} currentPage={page} onPageChange={onPageChange} label="Question pages" />
    </>
  );
}
