import { INTERVIEW_DIFFICULTY_LABELS, TOPIC_LABELS } from '@dblearn/contracts';
import { Button, DeleteButton, LinkButton } from '@dblearn/ui';
import { useId, useState } from 'react';
import type { ShownQuestion } from '../api/interview-question.js';

export interface QuestionCardProps {
  question: ShownQuestion;
  saved: boolean;
  /** A save or unsave of this question is on its way. */
  saving: boolean;
  onToggleSave: (question: ShownQuestion, saved: boolean) => void;
  /** Puts it in the learner's review deck (a saved question is there already). */
  onAddToReview: (question: ShownQuestion) => void;
  isAdmin: boolean;
  deleting: boolean;
  onDelete: (question: ShownQuestion) => void;
}

/** One question: its answer folds open and shut; learners save it, admins edit and delete it. */
export function QuestionCard({ question, saved, saving, onToggleSave, onAddToReview, isAdmin, deleting, onDelete }: QuestionCardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <article className="interview-question" aria-labelledby={`${id}-question`}>
      <p className="interview-question__topic">
        <span>{TOPIC_LABELS[question.topic]}</span>
        {question.difficulty ? (
          <span className={`interview-question__difficulty interview-question__difficulty--${question.difficulty}`} title="Difficulty">
            {INTERVIEW_DIFFICULTY_LABELS[question.difficulty]}
          </span>
        ) : null}
      </p>
      <h3 id={`${id}-question`} className="interview-question__text">
        {question.question}
      </h3>
      <Button variant="ghost" className="interview-question__toggle" aria-expanded={open} aria-controls={`${id}-answer`} onClick={() => setOpen(!open)}>
        {open ? 'Hide Answer' : 'Show Answer'}
      </Button>
      <div id={`${id}-answer`} className="interview-question__answer" hidden={!open}>
        {/* Each line of an answer is a paragraph or a step of its own. */}
        {question.answer.split('\n').map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      <div className="interview-question__actions">
        <Button variant={saved ? 'secondary' : 'primary'} disabled={saving} onClick={() => onToggleSave(question, saved)}>
          {saved ? 'Unsave Question' : 'Save Question'}
        </Button>
        {saved ? null : (
          <Button variant="secondary" disabled={saving} onClick={() => onAddToReview(question)}>
            Add to Review
          </Button>
        )}
        {isAdmin ? (
          <>
            <LinkButton variant="secondary" to={`/interview/${question._id}`}>
              Edit
            </LinkButton>
            <DeleteButton itemName="this question" pending={deleting} onConfirm={() => onDelete(question)} />
          </>
        ) : null}
      </div>
    </article>
  );
}
