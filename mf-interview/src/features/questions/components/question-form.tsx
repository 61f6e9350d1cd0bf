import { TOPIC_LABELS, TOPICS, type Topic } from '@dblearn/contracts';
import { Button, FieldErrorText, LinkButton, TextAreaField } from '@dblearn/ui';
import { useId, useState, type FormEvent } from 'react';
import type { InterviewQuestionInput } from '../api/interview-question.js';
import { questionFormErrors, type QuestionFormValues } from './question-rules.js';

export interface QuestionFormProps {
  initial?: InterviewQuestionInput;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (question: InterviewQuestionInput) => void;
}

const EMPTY: QuestionFormValues = { topic: '', question: '', answer: '' };

/**
 * Topic, question and answer. Each field shows its broken rule once it has been touched; submit
 * stays disabled while any rule is broken (SPEC §4).
 */
export function QuestionForm({ initial, submitLabel, submitting, onSubmit }: QuestionFormProps) {
  const topicId = useId();
  const [values, setValues] = useState<QuestionFormValues>(initial ?? EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof QuestionFormValues, boolean>>>({});
  const errors = questionFormErrors(values);
  const invalid = Object.keys(errors).length > 0;
  const shown = (field: keyof QuestionFormValues) => (touched[field] ? errors[field] : undefined);
  const change = (field: keyof QuestionFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const touch = (field: keyof QuestionFormValues) => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ topic: true, question: true, answer: true });
    if (invalid || submitting) return;
    onSubmit({ topic: values.topic as Topic, question: values.question, answer: values.answer });
  };

  const topicError = shown('topic');
  return (
    <form className="interview-form" onSubmit={submit} noValidate>
      <div className={topicError ? 'dbl-field dbl-field--invalid' : 'dbl-field'}>
        <label className="dbl-field__label" htmlFor={topicId}>
          Topic
        </label>
        <select
          id={topicId}
          className="dbl-field__control"
          value={values.topic}
          onChange={(event) => change('topic', event.target.value)}
          onBlur={() => touch('topic')}
          aria-invalid={topicError ? true : undefined}
          aria-describedby={topicError ? `${topicId}-error` : undefined}
          required
        >
          <option value="">Choose a topic</option>
          {TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        <FieldErrorText id={`${topicId}-error`} messages={topicError ? [topicError] : []} />
      </div>
      <TextAreaField
        label="Question"
        rows={3}
        value={values.question}
        onChange={(event) => change('question', event.target.value)}
        onBlur={() => touch('question')}
        error={shown('question')}
        required
      />
      <TextAreaField
        label="Answer"
        rows={8}
        value={values.answer}
        onChange={(event) => change('answer', event.target.value)}
        onBlur={() => touch('answer')}
        error={shown('answer')}
        required
      />
      <div className="interview-form__actions">
        <Button type="submit" disabled={invalid || submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
        <LinkButton variant="ghost" to="/interview">
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}
