import { FIELD_LABELS, LIMITS, requiredMessage, type Topic, TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { Button, fieldMessages, SelectField, TextAreaField, TextField, textRules, useRulesForm } from '@dblearn/ui';
import { useEffect, type ReactNode } from 'react';
import { useGetPracticeCoursesQuery } from '../api/get-practice-courses.js';
import type { QuestionInput } from '../api/qna-question.js';
import { WritePreviewTabs } from '../markdown/write-preview-tabs.js';

/** The selects start with no topic and no practice database ('') chosen. */
type QuestionFormValues = Omit<QuestionInput, 'topic' | 'sandboxCourseId'> & { topic: Topic | ''; sandboxCourseId: string };

export interface QuestionFormProps {
  initial?: QuestionInput;
  submitLabel: string;
  submitting: boolean;
  /** Resolves true when the question was stored (a new-question form then empties itself). */
  onSubmit: (question: QuestionInput) => Promise<boolean>;
  /** Put the cursor in the title at once (/qna?ask=1). */
  focusTitle?: boolean;
  /** Extra actions beside the submit button (Cancel on the edit page). */
  children?: ReactNode;
}

const EMPTY: QuestionFormValues = { title: '', description: '', topic: '', sandboxCourseId: '' };
const titleRules = textRules(FIELD_LABELS.qna.title, LIMITS.qna.title);
const descriptionRules = textRules(FIELD_LABELS.qna.description, LIMITS.qna.description);
const topicRules = { required: requiredMessage('Topic') };
const TOPIC_OPTIONS = TOPICS.map((topic) => ({ value: topic, label: TOPIC_LABELS[topic] }));

/** SPEC §5 "Q&A post": title and description (labelled Question) 10–3000, topic required; submit disabled while invalid. */
export function QuestionForm({ initial, submitLabel, submitting, onSubmit, focusTitle = false, children }: QuestionFormProps) {
  const {
    register,
    handleSubmit,
    onEnter,
    reset,
    setFocus,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<QuestionFormValues>(initial ? { ...initial, sandboxCourseId: initial.sandboxCourseId ?? '' } : EMPTY);
  const { data: courses = [] } = useGetPracticeCoursesQuery();
  const courseOptions = courses.map((course) => ({ value: course._id, label: course.name }));
  useEffect(() => {
    if (focusTitle) setFocus('title');
  }, [focusTitle, setFocus]);
  const submit = handleSubmit(async ({ topic, title, description, sandboxCourseId }) => {
    if (topic === '') return; // the required rule keeps this from happening
    if ((await onSubmit({ topic, title, description, sandboxCourseId: sandboxCourseId || null })) && !initial) reset(EMPTY);
  });

  return (
    <form className="qna-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={initial ? 'Edit the question' : 'Ask a question'}>
      <TextField label={FIELD_LABELS.qna.title} error={fieldMessages(errors.title)} {...register('title', titleRules)} />
      <WritePreviewTabs text={watch('description')} sandboxCourseId={watch('sandboxCourseId') || null}>
        <TextAreaField label={FIELD_LABELS.qna.description} rows={4} error={fieldMessages(errors.description)} {...register('description', descriptionRules)} />
      </WritePreviewTabs>
      <SelectField label={FIELD_LABELS.qna.topic} placeholder="Choose a topic" options={TOPIC_OPTIONS} error={fieldMessages(errors.topic)} {...register('topic', topicRules)} />
      <SelectField label="Practice database for ```sql blocks" placeholder="None" options={courseOptions} {...register('sandboxCourseId')} />
      <div className="qna-form__actions">
        <Button type="submit" disabled={!isValid || isSubmitting || submitting}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
