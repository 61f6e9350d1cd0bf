import type { AttemptResult, CheckAttempt } from '@dblearn/contracts';
import { Button, CheckboxGroup, fieldMessages, RadioGroup, TextField, useRulesForm } from '@dblearn/ui';
import type { FieldError } from 'react-hook-form';
import type { LearnerCheck } from '../api/check-kinds.js';
import { readNumber, readSet } from '../utils/quiz-text.js';

interface QuizValues {
  /** The checked options' indexes (checkboxes), or the one chosen (radios). */
  choices: string[] | string;
  number: string;
  set: string;
}

const chosen = (value: string[] | string | undefined) => (Array.isArray(value) ? value : value ? [value] : []);

/**
 * Which input the quiz needs: options mean a choice; otherwise the check's `quizType` says number or
 * set. Without it (a server that does not send it) one field takes either: a lone number is sent as a
 * number, anything else as a set.
 */
function quizShape(check: LearnerCheck): 'choice' | 'number' | 'set' | 'either' {
  if (check.options) return 'choice';
  return check.quizType === 'number' || check.quizType === 'set' ? check.quizType : 'either';
}

export interface QuizAnswerProps {
  check: LearnerCheck;
  number: number;
  pending: boolean;
  attempt: (answer: CheckAttempt) => Promise<AttemptResult>;
}

/** A quiz check's form: radios or checkboxes for a choice, a number field, or a comma-separated set; graded on the server. */
export function QuizAnswer({ check, number, pending, attempt }: QuizAnswerProps) {
  const shape = quizShape(check);
  const {
    register,
    handleSubmit,
    onEnter,
    formState: { errors, isValid },
  } = useRulesForm<QuizValues>({ choices: check.multiple ? [] : '', number: '', set: '' });
  const submit = handleSubmit(async (values) => {
    const answer =
      shape === 'choice'
        ? chosen(values.choices).map(Number)
        : shape === 'number'
          ? (readNumber(values.number) ?? Number.NaN)
          : shape === 'set'
            ? readSet(values.set)
            : (readNumber(values.set) ?? readSet(values.set));
    await attempt({ answer }).catch(() => undefined);
  });
  const label = `Your answer to check ${number}`;
  const ChoiceGroup = check.multiple ? CheckboxGroup : RadioGroup;
  return (
    <form className="catalog-quiz" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={label}>
      {shape === 'choice' ? (
        <ChoiceGroup
          legend={label}
          hint={check.multiple ? 'Choose every option that is right.' : 'Choose one option.'}
          options={(check.options ?? []).map((option, index) => ({ value: String(index), label: option }))}
          error={fieldMessages(errors.choices as FieldError | undefined)}
          {...register('choices', { validate: (value) => chosen(value).length > 0 || (check.multiple ? 'Choose at least one option.' : 'Choose an option.') })}
        />
      ) : shape === 'number' ? (
        <TextField
          label={label}
          inputMode="decimal"
          autoComplete="off"
          error={fieldMessages(errors.number)}
          {...register('number', { validate: (value) => readNumber(value) !== null || 'Write a number, e.g. 12 or 3.5.' })}
        />
      ) : (
        <TextField
          label={label}
          autoComplete="off"
          placeholder={shape === 'set' ? 'e.g. AB, CD' : undefined}
          error={fieldMessages(errors.set)}
          {...register('set', { validate: (value) => readSet(value).length > 0 || (shape === 'set' ? 'Write at least one item; separate items with commas.' : 'Write your answer.') })}
        />
      )}
      <div className="dbl-runnable__tools">
        <Button type="submit" disabled={pending || !isValid}>
          {pending ? 'Checking…' : 'Check'}
        </Button>
        {shape === 'set' ? <span className="dbl-runnable__hint">Separate the items with commas; letter case and spaces do not matter.</span> : null}
        {shape === 'either' ? <span className="dbl-runnable__hint">A number, or a list of items separated by commas.</span> : null}
      </div>
    </form>
  );
}
