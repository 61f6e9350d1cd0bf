import { FIELD_LABELS, LIMITS, requiredMessage, type Topic, TOPIC_LABELS, TOPICS } from '@dblearn/contracts';
import { Button, fieldMessages, RadioGroup, TextField, textRules, useRulesForm } from '@dblearn/ui';
import { useState } from 'react';
import type { CourseFields } from '../api/create-course.js';

const TOPIC_OPTIONS = TOPICS.map((topic) => ({ value: topic, label: TOPIC_LABELS[topic] }));

/** The radio group starts with nothing chosen for a new course. */
type CourseFormValues = Omit<CourseFields, 'topic'> & { topic: Topic | '' };

const rules = {
  topic: { required: requiredMessage('Topic') },
  name: textRules(FIELD_LABELS.course.name, LIMITS.course.name),
  teacher: textRules(FIELD_LABELS.course.teacher, LIMITS.course.teacher),
  length: textRules(FIELD_LABELS.course.length, LIMITS.course.length),
};

export interface CourseFormProps {
  initial?: CourseFields;
  /** Resolves when saved; rejects (already reported) when not. */
  onSave: (fields: CourseFields) => Promise<void>;
}

/**
 * SPEC §5 "Course": topic required, Courses Name and Teacher Name 5–50, Total Time 5–255. Submit is
 * disabled while invalid; after a successful update the button says Saved until something changes.
 */
export function CourseForm({ initial, onSave }: CourseFormProps) {
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<CourseFormValues>(initial ?? { topic: '', name: '', teacher: '', length: '' });
  const onChange = () => setSaved(false);

  const submit = handleSubmit(async ({ topic, ...fields }) => {
    if (topic === '') return; // the required rule keeps this from happening
    try {
      await onSave({ topic, ...fields });
      setSaved(true);
    } catch {
      setSaved(false);
    }
  });

  return (
    <form className="catalog-form" noValidate onSubmit={submit} onKeyDown={onEnter} onChange={onChange} aria-label={initial ? 'Edit course' : 'New course'}>
      <RadioGroup legend="Topic" options={TOPIC_OPTIONS} error={fieldMessages(errors.topic)} {...register('topic', rules.topic)} />
      <TextField label={FIELD_LABELS.course.name} error={fieldMessages(errors.name)} {...register('name', rules.name)} />
      <TextField label={FIELD_LABELS.course.teacher} error={fieldMessages(errors.teacher)} {...register('teacher', rules.teacher)} />
      <TextField label={FIELD_LABELS.course.length} placeholder="e.g. 6 hours" error={fieldMessages(errors.length)} {...register('length', rules.length)} />
      <Button type="submit" disabled={!isValid || isSubmitting || saved}>
        {saved ? 'Saved' : isSubmitting ? 'Saving…' : 'Submit'}
      </Button>
    </form>
  );
}
