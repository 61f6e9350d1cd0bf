import { DIFFICULTIES, type Difficulty, FIELD_LABELS, LEVEL_LABELS, LIMITS, requiredMessage } from '@dblearn/contracts';
import { Button, fieldMessages, RadioGroup, TextField, textRules, useRulesForm } from '@dblearn/ui';
import { BlockFields, writtenBlock } from '../../../lib/block-fields.js';

const DIFFICULTY_OPTIONS = DIFFICULTIES.map((level) => ({ value: level, label: LEVEL_LABELS[level] }));

interface ProjectFormValues {
  title: string;
  difficulty: Difficulty | '';
  header: string;
  detail: string;
}

export interface ProjectFormFields {
  title: string;
  difficulty: Difficulty;
  content?: { header: string; detail: string };
}

export interface ProjectFormProps {
  initial?: { title: string; difficulty: Difficulty };
  onSave: (fields: ProjectFormFields) => Promise<void>;
}

const rules = {
  title: textRules(FIELD_LABELS.project.title, LIMITS.project.title),
  difficulty: { required: requiredMessage(FIELD_LABELS.project.difficulty) },
  header: textRules(FIELD_LABELS.project.header, LIMITS.project.header),
  detail: textRules(FIELD_LABELS.project.detail, LIMITS.project.detail),
};

/** SPEC §5 "Project": Title 5–50, a difficulty, then an optional block (Header at most 255, Detail optional). */
export function ProjectForm({ initial, onSave }: ProjectFormProps) {
  const {
    register,
    handleSubmit,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<ProjectFormValues>({ title: initial?.title ?? '', difficulty: initial?.difficulty ?? '', header: '', detail: '' });

  const submit = handleSubmit(async ({ title, difficulty, header, detail }) => {
    if (difficulty === '') return; // the required rule keeps this from happening
    await onSave({ title, difficulty, content: writtenBlock({ header, detail }) }).catch(() => undefined);
  });

  return (
    <form className="catalog-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={initial ? 'Edit project' : 'New project'}>
      <TextField label={FIELD_LABELS.project.title} error={fieldMessages(errors.title)} {...register('title', rules.title)} />
      <RadioGroup legend="Difficulty" options={DIFFICULTY_OPTIONS} error={fieldMessages(errors.difficulty)} {...register('difficulty', rules.difficulty)} />
      <BlockFields
        legend={initial ? 'Add a block (optional)' : 'First block (optional)'}
        header={register('header', rules.header)}
        detail={register('detail', rules.detail)}
        errors={errors}
      />
      <Button type="submit" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Submit'}
      </Button>
    </form>
  );
}
