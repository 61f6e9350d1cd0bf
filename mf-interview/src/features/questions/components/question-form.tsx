import { DEFAULT_INTERVIEW_DIFFICULTY, FIELD_LABELS, INTERVIEW_DIFFICULTIES, INTERVIEW_DIFFICULTY_LABELS, LIMITS, requiredMessage, type Topic, TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { Button, FieldErrorText, fieldMessages, LinkButton, TextAreaField, textRules, useRulesForm } from '@dblearn/ui';
import { useId } from 'react';
import type { InterviewQuestionInput } from '../api/interview-question.js';

/** The select starts with no topic chosen. */
type QuestionFormValues = Omit<InterviewQuestionInput, 'topic'> & { topic: Topic | '' };

export interface QuestionFormProps {
  initial?: InterviewQuestionInput;
  submitting: boolean;
  onSubmit: (question: InterviewQuestionInput) => Promise<void>;
}

const EMPTY: QuestionFormValues = { topic: '', question: '', answer: '', difficulty: DEFAULT_INTERVIEW_DIFFICULTY };
const topicRules = { required: requiredMessage('Topic') };
const questionRules = textRules(FIELD_LABELS.interview.question, LIMITS.interview.question);
const answerRules = textRules(FIELD_LABELS.interview.answer, LIMITS.interview.answer);

/** SPEC §5 "Interview question": topic, question and answer all required; Submit disabled while invalid. */
export function QuestionForm({ initial, submitting, onSubmit }: QuestionFormProps) {
  const topicId = useId();
  const difficultyId = useId();
  const {
    register,
    handleSubmit,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<QuestionFormValues>(initial ?? EMPTY);
  const submit = handleSubmit(async ({ topic, question, answer, difficulty }) => {
    if (topic === '') return; // the required rule keeps this from happening
    await onSubmit({ topic, question, answer, difficulty });
  });
  const topicMessages = fieldMessages(errors.topic);

  return (
    <form className="interview-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label="Interview question">
      <div className={topicMessages.length > 0 ? 'dbl-field dbl-field--invalid' : 'dbl-field'}>
        <label className="dbl-field__label" htmlFor={topicId}>
          Topic
        </label>
        <select
          id={topicId}
          className="dbl-field__control"
          aria-invalid={topicMessages.length > 0 || undefined}
          aria-describedby={topicMessages.length > 0 ? `${topicId}-error` : undefined}
          {...register('topic', topicRules)}
        >
          <option value="">Choose a topic</option>
          {TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        <FieldErrorText id={`${topicId}-error`} messages={topicMessages} />
      </div>
      <div className="dbl-field">
        <label className="dbl-field__label" htmlFor={difficultyId}>
          Difficulty
        </label>
        <select id={difficultyId} className="dbl-field__control" {...register('difficulty')}>
          {INTERVIEW_DIFFICULTIES.map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {INTERVIEW_DIFFICULTY_LABELS[difficulty]}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField label={FIELD_LABELS.interview.question} rows={3} error={fieldMessages(errors.question)} {...register('question', questionRules)} />
      <TextAreaField label={FIELD_LABELS.interview.answer} rows={8} error={fieldMessages(errors.answer)} {...register('answer', answerRules)} />
      <div className="interview-form__actions">
        <Button type="submit" disabled={!isValid || isSubmitting || submitting}>
          Submit
        </Button>
        <LinkButton variant="ghost" to="/interview">
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}
