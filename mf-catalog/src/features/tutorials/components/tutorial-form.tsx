import { FIELD_LABELS, LIMITS, requiredMessage } from '@dblearn/contracts';
import { Button, fieldMessages, TextField, textRules, useRulesForm } from '@dblearn/ui';
import { BlockFields, writtenBlock } from '../../../lib/block-fields.js';
import type { BlockFields as BlockValues } from '../api/create-tutorial.js';

export interface TutorialFormValues {
  title: string;
  header: string;
  detail: string;
}

export interface TutorialFormProps {
  /** The tutorial's title when editing; a new tutorial starts empty. */
  initialTitle?: string;
  onSave: (fields: { title: string; content?: BlockValues }) => Promise<void>;
}

/**
 * SPEC §5 "Tutorial": Tutorial Name required, at most 50; Header and Detail at least 5 each. A new
 * tutorial needs its first block; an existing one may only be renamed, or get one more block (then
 * both parts are needed, as the server wants them).
 */
export function TutorialForm({ initialTitle, onSave }: TutorialFormProps) {
  const isNew = initialTitle === undefined;
  const {
    register,
    handleSubmit,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<TutorialFormValues>({ title: initialTitle ?? '', header: '', detail: '' });
  const partOfBlock = (field: 'header' | 'detail') => {
    const label = FIELD_LABELS.tutorial[field];
    const other: keyof TutorialFormValues = field === 'header' ? 'detail' : 'header';
    return {
      ...textRules(label, LIMITS.tutorial[field], { required: isNew }),
      deps: [other],
      validate: {
        together: (value: string, values: TutorialFormValues) => isNew || value.trim() !== '' || values[other].trim() === '' || requiredMessage(label),
      },
    };
  };

  const submit = handleSubmit(async ({ title, header, detail }) => {
    await onSave({ title, content: writtenBlock({ header, detail }) }).catch(() => undefined);
  });

  return (
    <form className="catalog-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={isNew ? 'New tutorial' : 'Edit tutorial'}>
      <TextField label={FIELD_LABELS.tutorial.title} error={fieldMessages(errors.title)} {...register('title', textRules(FIELD_LABELS.tutorial.title, LIMITS.tutorial.title))} />
      <BlockFields
        legend={isNew ? 'First block' : 'Add a block (optional)'}
        header={register('header', partOfBlock('header'))}
        detail={register('detail', partOfBlock('detail'))}
        errors={errors}
      />
      <Button type="submit" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Submit'}
      </Button>
    </form>
  );
}
