import { CHECK_COUNTS, CHECK_KINDS, type CheckKind, FIELD_LABELS, LIMITS, QUIZ_TYPES, type QuizType } from '@dblearn/contracts';
import { Button, CodeField, fieldMessages, RadioGroup, TextAreaField, TextField, textRules, useEnterShowsAllErrors, useFailedLine, toastRefusal } from '@dblearn/ui';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useEffect, useId } from 'react';
import { useController, useFieldArray, useForm, useWatch, type Control, type FieldError, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { CheckBody } from '../api/check-kinds.js';
import { checkBodyOf, hasPostgresVariant, refusedField, type CheckFormValues } from '../utils/check-form-values.js';
import { readNumber, readSet } from '../utils/quiz-text.js';
import { PostgresVariantFields } from './postgres-variant-fields.js';

export const KIND_LABELS: Record<CheckKind, string> = {
  query: 'SQL query (its result is compared)',
  state: 'SQL statements (what they leave behind is compared)',
  mongo: 'MongoDB query',
  quiz: 'Quiz',
};
const KIND_OPTIONS = CHECK_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const QUIZ_LABELS: Record<QuizType, string> = { choice: 'Choice', number: 'Number', set: 'Set of items' };
const QUIZ_OPTIONS = QUIZ_TYPES.map((type) => ({ value: type, label: QUIZ_LABELS[type] }));

// The server's rules and sentences (CheckDto); it checks them again and runs the references on the visible and hidden data.
const rules = {
  task: textRules(FIELD_LABELS.check.task, LIMITS.runnable.task),
  referenceSql: textRules(FIELD_LABELS.check.referenceSql, LIMITS.runnable.sql),
  statements: textRules('Reference statements', LIMITS.runnable.sql),
  verifySql: textRules(FIELD_LABELS.check.verifySql, LIMITS.runnable.sql),
  probe: textRules(FIELD_LABELS.check.probe, LIMITS.runnable.sql),
  referenceQuery: textRules(FIELD_LABELS.check.referenceQuery, LIMITS.runnable.sql),
  // Empty: the SQLite part runs on both engines.
  referenceSqlPostgres: textRules(FIELD_LABELS.check.referenceSqlPostgres, LIMITS.runnable.sql, { required: false }),
  verifySqlPostgres: textRules(FIELD_LABELS.check.verifySqlPostgres, LIMITS.runnable.sql, { required: false }),
  option: textRules('Each option', LIMITS.check.option),
  hint: textRules('Each hint', LIMITS.check.hint),
  explanation: textRules(FIELD_LABELS.check.explanation, LIMITS.check.explanation),
};

/** A list's own error: its rule's (root) or the server's refusal set on the list. */
function listMessages(error: { root?: FieldError; message?: string; type?: unknown } | undefined): string[] {
  if (error?.root) return fieldMessages(error.root);
  return error?.message ? [error.message] : [];
}

const numberRule = (label: string) => ({ validate: (value: string) => readNumber(value) !== null || `${label} must be a number.` });

/** A code field bound to the form: its rules, the server's refusal and the line it names. */
function CodeInput({
  control,
  name,
  label,
  hint,
  language = 'sql',
  markedLine,
  onSubmit,
}: {
  control: Control<CheckFormValues>;
  name: 'referenceSql' | 'verifySql' | 'referenceQuery' | `probes.${number}.sql` | 'postgres.referenceSqlPostgres' | 'postgres.verifySqlPostgres' | `postgres.probesPostgres.${number}.sql`;
  label: string;
  hint: string;
  language?: 'sql' | 'mongo';
  markedLine?: { line: number } | null;
  onSubmit: () => void;
}) {
  const ruleOf = {
    referenceSql: rules.referenceSql,
    verifySql: rules.verifySql,
    referenceQuery: rules.referenceQuery,
    'postgres.referenceSqlPostgres': rules.referenceSqlPostgres,
    'postgres.verifySqlPostgres': rules.verifySqlPostgres,
  } as const;
  const { field, fieldState } = useController({ control, name, rules: name in ruleOf ? ruleOf[name as keyof typeof ruleOf] : rules.probe });
  return (
    <CodeField
      language={language}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onSubmit={onSubmit}
      label={label}
      hint={hint}
      error={fieldMessages(fieldState.error)}
      markedLine={markedLine}
    />
  );
}

/** Where a list of probes lives: the check's own, or its PostgreSQL variant's (labelled "PostgreSQL probe n"). */
type ProbeList = { name: 'probes'; label: 'Probe' } | { name: 'postgres.probesPostgres'; label: 'PostgreSQL probe' };

/** A state check's probes: statements run after the learner's, each of which must fail or succeed (0–5). */
function ProbeFields({
  control,
  register,
  errors,
  onSubmit,
  list = { name: 'probes', label: 'Probe' },
  hint = 'Statements run after the learner’s, e.g. an INSERT their constraint must refuse.',
}: {
  control: Control<CheckFormValues>;
  register: UseFormRegister<CheckFormValues>;
  errors: FieldErrors<CheckFormValues>;
  onSubmit: () => void;
  list?: ProbeList;
  hint?: string;
}) {
  const probes = useFieldArray({ control, name: list.name });
  const headingId = useId();
  const probeErrors = list.name === 'probes' ? errors.probes : errors.postgres?.probesPostgres;
  return (
    <fieldset className="catalog-check-form__list" aria-labelledby={headingId}>
      <legend id={headingId} className="dbl-field__label">
        {list.label}s
      </legend>
      <p className="dbl-field__hint">
        {hint} At most {CHECK_COUNTS.probes.max}.
      </p>
      {probes.fields.map((probe, index) => (
        <div key={probe.id} className="catalog-check-form__item">
          <CodeInput control={control} name={`${list.name}.${index}.sql`} label={`${list.label} ${index + 1}`} hint="One statement." onSubmit={onSubmit} />
          <RadioGroup
            legend={`${list.label} ${index + 1} must`}
            options={[
              { value: 'fails', label: 'fail (be refused)' },
              { value: 'succeeds', label: 'succeed' },
              { value: 'holds', label: 'hold (a query whose first value is 1)' },
            ]}
            error={fieldMessages(probeErrors?.[index]?.expect)}
            {...register(`${list.name}.${index}.expect`)}
          />
          <Button variant="ghost" onClick={() => probes.remove(index)}>
            Remove {list.label.toLowerCase()} {index + 1}
          </Button>
        </div>
      ))}
      <Button variant="secondary" disabled={probes.fields.length >= CHECK_COUNTS.probes.max} onClick={() => probes.append({ sql: '', expect: 'fails' })}>
        Add a {list.label.toLowerCase()}
      </Button>
    </fieldset>
  );
}

/** A choice quiz's options, each with a "correct" box; at least two options and one correct. */
function OptionFields({ control, register, errors }: { control: Control<CheckFormValues>; register: UseFormRegister<CheckFormValues>; errors: FieldErrors<CheckFormValues> }) {
  const options = useFieldArray({
    control,
    name: 'options',
    rules: { validate: (list) => list.some((option) => option.correct) || 'Mark at least one option as correct.' },
  });
  const headingId = useId();
  const errorId = useId();
  const listError = listMessages(errors.options);
  return (
    <fieldset className="catalog-check-form__list" aria-labelledby={headingId} aria-describedby={listError.length > 0 ? errorId : undefined}>
      <legend id={headingId} className="dbl-field__label">
        Options
      </legend>
      <p className="dbl-field__hint">
        {CHECK_COUNTS.options.min} to {CHECK_COUNTS.options.max} options; mark every correct one (several: learners get checkboxes).
      </p>
      {options.fields.map((option, index) => (
        <div key={option.id} className="catalog-check-form__item catalog-check-form__option">
          <TextField label={`Option ${index + 1}`} error={fieldMessages(errors.options?.[index]?.text)} {...register(`options.${index}.text`, rules.option)} />
          <label className="catalog-check-form__correct">
            <input type="checkbox" {...register(`options.${index}.correct`, { deps: ['options'] })} /> Option {index + 1} is correct
          </label>
          {options.fields.length > CHECK_COUNTS.options.min ? (
            <Button variant="ghost" onClick={() => options.remove(index)}>
              Remove option {index + 1}
            </Button>
          ) : null}
        </div>
      ))}
      <Button variant="secondary" disabled={options.fields.length >= CHECK_COUNTS.options.max} onClick={() => options.append({ text: '', correct: false })}>
        Add an option
      </Button>
      {listError.length > 0 ? (
        <p id={errorId} className="dbl-field__error" role="alert">
          {listError.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Up to three hints, offered to learners one per failed attempt. */
function HintFields({ control, register, errors }: { control: Control<CheckFormValues>; register: UseFormRegister<CheckFormValues>; errors: FieldErrors<CheckFormValues> }) {
  const hints = useFieldArray({ control, name: 'hints' });
  const headingId = useId();
  const serverError = listMessages(errors.hints);
  return (
    <fieldset className="catalog-check-form__list" aria-labelledby={headingId}>
      <legend id={headingId} className="dbl-field__label">
        Hints
      </legend>
      <p className="dbl-field__hint">Up to {CHECK_COUNTS.hints.max}; a learner sees one more after each attempt that does not pass.</p>
      {hints.fields.map((hint, index) => (
        <div key={hint.id} className="catalog-check-form__item">
          <TextAreaField label={`Hint ${index + 1}`} rows={2} error={fieldMessages(errors.hints?.[index]?.text)} {...register(`hints.${index}.text`, rules.hint)} />
          <Button variant="ghost" onClick={() => hints.remove(index)}>
            Remove hint {index + 1}
          </Button>
        </div>
      ))}
      <Button variant="secondary" disabled={hints.fields.length >= CHECK_COUNTS.hints.max} onClick={() => hints.append({ text: '' })}>
        Add a hint
      </Button>
      {serverError.length > 0 ? (
        <p className="dbl-field__error" role="alert">
          {serverError.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface CheckFormProps {
  /** The form's heading and accessible name. */
  title: string;
  values: CheckFormValues;
  submitLabel: string;
  /** Sends the check; a client error (400) is the server's word on one of its fields. */
  save: (body: CheckBody) => Promise<unknown>;
  /** After the server took it: the form is back at `values`. */
  onSaved: () => void;
  onCancel?: () => void;
  /** Puts the cursor in the task when the form opens (editing: the admin just pressed Edit). */
  focusTask?: boolean;
}

/**
 * A check of any kind, added or edited: the kind, the task, the kind's own fields (references, probes,
 * a quiz), hints and the explanation. The server's 400 shows on the field it names, its line marked.
 */
export function CheckForm({ title, values, submitLabel, save, onSaved, onCancel, focusTask = false }: CheckFormProps) {
  // useRulesForm's settings, and the fields of another kind (or quiz type) leave the form when they
  // leave the page: their rules must not hold up this kind's Save, and they are not sent.
  const form = useForm<CheckFormValues>({ mode: 'onChange', criteriaMode: 'all', defaultValues: values, shouldUnregister: true });
  const onEnter = useEnterShowsAllErrors(form);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isValid, isSubmitting },
  } = form;
  const [kind, quizType, referenceSql, verifySql, referenceQuery, postgresOnly] = useWatch({ control, name: ['kind', 'quizType', 'referenceSql', 'verifySql', 'referenceQuery', 'postgresOnly'] });
  // A check graded on PostgreSQL only runs its own parts there: a variant would say the same twice (one already written stays in sight).
  const variantWanted = !postgresOnly || hasPostgresVariant(values.postgres);
  const marks = {
    referenceSql: useFailedLine(referenceSql),
    verifySql: useFailedLine(verifySql),
    referenceQuery: useFailedLine(referenceQuery),
  };
  useEffect(() => {
    if (focusTask) setFocus('task');
  }, [focusTask, setFocus]);
  const submit = handleSubmit(async (changed) => {
    for (const mark of Object.values(marks)) mark.clear();
    try {
      await save(checkBodyOf(changed));
      reset();
      onSaved();
    } catch (error) {
      // A 400 from the server is about one field (a reference that does not run: its line is marked); other refusals are toasts.
      if (!isClientError(error)) return toastRefusal(error, 'The check could not be saved.');
      const message = apiErrorMessage(error) ?? 'The check could not be saved.';
      const { field, line } = refusedField(message, changed.kind, changed.quizType, changed.postgres);
      setError(field === 'root' ? 'root.server' : field, { type: 'server', message });
      if (field === 'referenceSql' || field === 'verifySql' || field === 'referenceQuery') marks[field].markFrom(changed[field], line);
    }
  });
  const onCodeSubmit = () => void submit();
  const onlyFor = <T,>(kinds: CheckKind[], rule: T) => (kinds.includes(kind) ? rule : undefined);
  return (
    <form className="catalog-form catalog-check-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={title}>
      <h3>{title}</h3>
      <RadioGroup legend="Kind" options={KIND_OPTIONS} error={fieldMessages(errors.kind)} {...register('kind')} />
      <TextAreaField label={FIELD_LABELS.check.task} rows={3} error={fieldMessages(errors.task)} {...register('task', rules.task)} />
      {onlyFor(
        ['query', 'state'],
        <CodeInput
          control={control}
          name="referenceSql"
          label={kind === 'state' ? 'Reference statements' : FIELD_LABELS.check.referenceSql}
          hint={
            kind === 'state'
              ? 'The model statements. They run on a fresh copy of the practice data and of its hidden variant when you save.'
              : 'It runs on the practice database and its hidden variant when you save; learners never see it, only its first rows on the practice data when their result differs.'
          }
          markedLine={marks.referenceSql.markedLine}
          onSubmit={onCodeSubmit}
        />,
      )}
      {onlyFor(
        ['query', 'state'],
        // Issue 32: a check only PostgreSQL can teach (GROUPING SETS, JSONB, roles) is not graded on SQLite.
        <label className="catalog-check-form__correct catalog-check-form__engines">
          <input type="checkbox" {...register('postgresOnly')} /> Graded on PostgreSQL only (its reference runs there, not on SQLite)
        </label>,
      )}
      {onlyFor(
        ['state'],
        <>
          <CodeInput
            control={control}
            name="verifySql"
            label={FIELD_LABELS.check.verifySql}
            hint="Run after the statements on both copies; the learner's copy must give the same result as the reference's."
            markedLine={marks.verifySql.markedLine}
            onSubmit={onCodeSubmit}
          />
          <ProbeFields control={control} register={register} errors={errors} onSubmit={onCodeSubmit} />
        </>,
      )}
      {(kind === 'query' || kind === 'state') && variantWanted ? (
        <PostgresVariantFields kind={kind} hasVariant={hasPostgresVariant(values.postgres)} refused={errors.postgres !== undefined}>
          <CodeInput
            control={control}
            name="postgres.referenceSqlPostgres"
            label={kind === 'state' ? 'Reference statements on PostgreSQL' : FIELD_LABELS.check.referenceSqlPostgres}
            hint="Run on PostgreSQL in place of the reference above, on its practice data and hidden variant."
            onSubmit={onCodeSubmit}
          />
          {kind === 'state' ? (
            <>
              <CodeInput
                control={control}
                name="postgres.verifySqlPostgres"
                label={FIELD_LABELS.check.verifySqlPostgres}
                hint="e.g. information_schema or pg_catalog where the SQLite one reads pragma_* or sqlite_schema."
                onSubmit={onCodeSubmit}
              />
              <ProbeFields
                control={control}
                register={register}
                errors={errors}
                onSubmit={onCodeSubmit}
                list={{ name: 'postgres.probesPostgres', label: 'PostgreSQL probe' }}
                hint="In place of the probes above on PostgreSQL; none: those run on both engines."
              />
            </>
          ) : null}
        </PostgresVariantFields>
      ) : null}
      {onlyFor(
        ['mongo'],
        <CodeInput
          control={control}
          name="referenceQuery"
          label={FIELD_LABELS.check.referenceQuery}
          language="mongo"
          hint='db.<collection>.find({…}) or db.<collection>.aggregate([…]), strict JSON arguments. It runs on the course’s collections and their hidden variant when you save.'
          markedLine={marks.referenceQuery.markedLine}
          onSubmit={onCodeSubmit}
        />,
      )}
      {onlyFor(
        ['quiz'],
        <>
          <RadioGroup legend="Quiz type" options={QUIZ_OPTIONS} error={fieldMessages(errors.quizType)} {...register('quizType')} />
          {quizType === 'choice' ? <OptionFields control={control} register={register} errors={errors} /> : null}
          {quizType === 'number' ? (
            <div className="catalog-check-form__pair">
              <TextField label={FIELD_LABELS.quiz.answer} inputMode="decimal" autoComplete="off" error={fieldMessages(errors.answer)} {...register('answer', numberRule(FIELD_LABELS.quiz.answer))} />
              <TextField
                label={FIELD_LABELS.quiz.tolerance}
                inputMode="decimal"
                autoComplete="off"
                error={fieldMessages(errors.tolerance)}
                {...register('tolerance', { validate: (value) => ((readNumber(value) ?? -1) >= 0 ? true : `${FIELD_LABELS.quiz.tolerance} must be a number, 0 or more.`) })}
              />
            </div>
          ) : null}
          {quizType === 'set' ? (
            <TextField
              label="Answer items"
              placeholder="e.g. AB, CD"
              autoComplete="off"
              error={fieldMessages(errors.items)}
              {...register('items', { validate: (value) => readSet(value).length > 0 || 'Write at least one item; separate items with commas.' })}
            />
          ) : null}
        </>,
      )}
      <HintFields control={control} register={register} errors={errors} />
      <TextAreaField label={`${FIELD_LABELS.check.explanation} (optional)`} rows={3} error={fieldMessages(errors.explanation)} {...register('explanation', rules.explanation)} />
      {errors.root?.server ? (
        <p className="dbl-field__error" role="alert">
          {errors.root.server.message}
        </p>
      ) : null}
      <div className="catalog-check-form__actions">
        <Button type="submit" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Checking the check…' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
