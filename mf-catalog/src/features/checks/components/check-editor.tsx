import { LIMITS, type StoredCheck } from '@dblearn/contracts';
import { Button, CodeField, CodeView, DeleteButton, fieldMessages, TextAreaField, textRules, useRulesForm, useFailedLine } from '@dblearn/ui';
import { apiErrorMessage, isClientError, toast } from '@dblearn/web';
import { useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { failedLine } from '../../../lib/failed-line.js';
import { QueryView } from '../../../lib/query-view.js';
import { reportRefusal } from '../../../lib/report-refusal.js';
import { useAddCheckMutation } from '../api/add-check.js';
import { useDeleteCheckMutation } from '../api/delete-check.js';
import { useGetStoredChecksQuery } from '../api/get-stored-checks.js';
import { useUpdateCheckMutation } from '../api/update-check.js';

interface CheckFormValues {
  task: string;
  referenceSql: string;
}

// The server's rules and sentences (CheckDto); it checks them again and runs the query on the sandbox.
const rules = {
  task: textRules('Task', LIMITS.runnable.task),
  referenceSql: textRules('Reference query', LIMITS.runnable.sql),
};

interface CheckFormProps {
  /** The form's heading and accessible name. */
  title: string;
  values: CheckFormValues;
  submitLabel: string;
  /** Sends the check; a client error (400) is the server's word on the query. */
  save: (values: CheckFormValues) => Promise<unknown>;
  /** After the server took it: the form is back at `values`. */
  onSaved: () => void;
  onCancel?: () => void;
  /** Puts the cursor in the task when the form opens (editing: the admin just pressed Edit). */
  focusTask?: boolean;
}

/** Task and reference query of a check (added or edited); a reference that does not run on the sandbox comes back as the server's 400 under the query. */
function CheckForm({ title, values, submitLabel, save, onSaved, onCancel, focusTask = false }: CheckFormProps) {
  const form = useRulesForm<CheckFormValues>(values);
  const {
    register,
    control,
    handleSubmit,
    onEnter,
    reset,
    setError,
    setFocus,
    formState: { errors, isValid, isSubmitting },
  } = form;
  const reference = useController({ control, name: 'referenceSql', rules: rules.referenceSql });
  const failed = useFailedLine(reference.field.value);
  useEffect(() => {
    if (focusTask) setFocus('task');
  }, [focusTask, setFocus]);
  const submit = handleSubmit(async (changed) => {
    failed.clear();
    try {
      await save(changed);
      reset();
      onSaved();
    } catch (error) {
      // A 400 from the server is about the query (it did not run; the line it names is marked); other refusals are toasts.
      if (isClientError(error)) {
        const message = apiErrorMessage(error) ?? 'The check could not be saved.';
        setError('referenceSql', { type: 'server', message });
        failed.markFrom(changed.referenceSql, failedLine(message, { of: 'reference' }));
      } else reportRefusal(error, 'The check could not be saved.');
    }
  });
  return (
    <form className="catalog-form catalog-check-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label={title}>
      <h3>{title}</h3>
      <TextAreaField label="Task" rows={3} error={fieldMessages(errors.task)} {...register('task', rules.task)} />
      <CodeField
        value={reference.field.value}
        onChange={reference.field.onChange}
        onSubmit={() => void submit()}
        label="Reference query"
        hint="It runs on the course's practice database when you save; learners never see it, only its first rows when their result differs."
        error={fieldMessages(errors.referenceSql)}
        markedLine={failed.markedLine}
      />
      <div className="catalog-check-form__actions">
        <Button type="submit" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Checking the query…' : submitLabel}
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

function AddCheckForm({ projectId }: { projectId: string }) {
  const [addCheck] = useAddCheckMutation();
  return (
    <CheckForm
      title="Add a check"
      values={{ task: '', referenceSql: '' }}
      submitLabel="Add check"
      save={(values) => addCheck({ projectId, ...values }).unwrap()}
      onSaved={() => toast.success('The check was added.')}
    />
  );
}

/** A stored check, or its edit form: a new reference query gives it a new id on the server (learners pass it again), a new wording does not. */
function StoredCheckItem({ projectId, check, number }: { projectId: string; check: StoredCheck; number: number }) {
  const [deleteCheck, { isLoading }] = useDeleteCheckMutation();
  const [updateCheck] = useUpdateCheckMutation();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Back where the admin was once the form closes: its buttons are gone.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const stopEditing = () => setEditing(false);
  if (editing) {
    return (
      <li>
        <CheckForm
          title={`Edit check ${number}`}
          values={{ task: check.task, referenceSql: check.referenceSql }}
          submitLabel="Save"
          save={(values) => updateCheck({ projectId, checkId: check._id, ...values }).unwrap()}
          onSaved={() => {
            toast.success(`Check ${number} was saved.`);
            stopEditing();
          }}
          onCancel={stopEditing}
          focusTask
        />
      </li>
    );
  }
  return (
    <li className="catalog-check-card">
      <div className="catalog-check-card__head">
        <h3>Check {number}</h3>
        <span className="catalog-check-card__actions">
          <Button ref={editButton} variant="secondary" aria-label={`Edit check ${number}`} disabled={isLoading} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <DeleteButton
            itemName={`check ${number}`}
            pending={isLoading}
            onConfirm={() => deleteCheck({ projectId, checkId: check._id }).unwrap().catch((error: unknown) => reportRefusal(error, 'The check could not be deleted.'))}
          />
        </span>
      </div>
      <p className="catalog-check-card__task">{check.task}</p>
      <CodeView language="sql" code={check.referenceSql} />
    </li>
  );
}

/** The project form's checks (admins): each task with its reference query, Edit and Delete, then Add a check. */
export default function CheckEditor({ projectId, editBack }: { projectId: string; editBack: { to: string; label: string } }) {
  const stored = useGetStoredChecksQuery(projectId);
  const headingId = useId();
  return (
    <section className="catalog-checks" aria-labelledby={headingId}>
      <h2 id={headingId}>Checks</h2>
      <p className="catalog-page__intro">A learner passes a check when their query gives the same columns and rows as the reference query; Finish needs every check passed.</p>
      <QueryView query={stored} what="checks" back={editBack}>
        {({ checks }) =>
          checks.length === 0 ? (
            <p className="catalog-status">No checks yet: learners can finish this project without writing a query.</p>
          ) : (
            <ol className="catalog-checks__list">
              {checks.map((check, index) => (
                <StoredCheckItem key={check._id} projectId={projectId} check={check} number={index + 1} />
              ))}
            </ol>
          )
        }
      </QueryView>
      <AddCheckForm projectId={projectId} />
    </section>
  );
}
