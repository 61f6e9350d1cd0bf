import { type ReviewCard as Card, type ReviewGrade, REVIEW_GRADES, TOPIC_LABELS } from '@dblearn/contracts';
import { Button } from '@dblearn/ui';
import { useEffect, useId, useRef } from 'react';

export const GRADE_LABELS: Record<ReviewGrade, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

/** What each grade tells the scheduler, for the button's accessible description. */
const GRADE_HINTS: Record<ReviewGrade, string> = {
  again: 'I did not recall it',
  hard: 'I recalled it with effort',
  good: 'I recalled it',
  easy: 'I recalled it at once',
};

export interface ReviewCardProps {
  card: Card;
  revealed: boolean;
  onReveal: () => void;
  /** A grade is on its way: the buttons wait for the next card. */
  grading: boolean;
  onGrade: (grade: ReviewGrade) => void;
}

/**
 * One due card: the question, then the answer on request, then the four grades. The keys are the
 * page's (space, 1–4); focus moves to what comes next so a keyboard or screen reader follows.
 */
export function ReviewCard({ card, revealed, onReveal, grading, onGrade }: ReviewCardProps) {
  const id = useId();
  const answerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (revealed) answerRef.current?.focus();
  }, [revealed]);
  return (
    <article className="review-card" aria-labelledby={`${id}-question`}>
      <p className="interview-question__topic">{TOPIC_LABELS[card.topic]}</p>
      <h2 id={`${id}-question`} className="review-card__question">
        {card.question}
      </h2>
      {revealed ? (
        <>
          <section ref={answerRef} tabIndex={-1} className="interview-question__answer review-card__answer" aria-label="Answer">
            {card.answer.split('\n').map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </section>
          <p className="review-card__prompt" id={`${id}-prompt`}>
            How well did you recall it?
          </p>
          <div className="review-card__grades" role="group" aria-labelledby={`${id}-prompt`}>
            {REVIEW_GRADES.map((grade, index) => (
              <Button
                key={grade}
                variant={grade === 'again' ? 'secondary' : grade === 'good' ? 'primary' : 'secondary'}
                className={`review-card__grade review-card__grade--${grade}`}
                disabled={grading}
                title={GRADE_HINTS[grade]}
                onClick={() => onGrade(grade)}
              >
                <span>{GRADE_LABELS[grade]}</span>
                <kbd aria-hidden="true">{index + 1}</kbd>
              </Button>
            ))}
          </div>
        </>
      ) : (
        <Button className="review-card__reveal" onClick={onReveal}>
          Show Answer <kbd aria-hidden="true">Space</kbd>
        </Button>
      )}
    </article>
  );
}
