import { LIMITS, type StoredCheck } from '@dblearn/contracts';
import { Button, CodeField, CodeView, DeleteButton, fieldMessages, TextAreaField, textRules, useRulesForm } from '@dblearn/ui';
import { apiErrorMessage, isClientError, toast } from '@dblearn/web';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { QueryView } from '../../../lib/query-view.js';
import { reportRefusal } from '../../../lib/report-refusal.js';
import { useAddCheckMutation } from '../api/add-check.js';
import { useDeleteCheckMutation } from '../api/delete-check.js';
import { useGetStoredChecksQuery } from '../api/get-stored-checks.js';

interface CheckFormValues {
  task: string;
  referenceSql: string;
}

// The server's rules and sentences (CheckDto); it checks them again and runs the query on the sandbox.
const rules = {
  task: textRules('Task', LIMITS.runnable.task),
  referenceSql: textRules('Reference query', LIMITS.runnable.sql),
};

/** Task and reference query of a new check; a reference that does not run on the sandbox comes back as the server's 400 under the query. */
function AddCheckForm({ projectId }: { projectId: string }) {
  const [addCheck] = useAddCheckMutation();
  const form = useRulesForm<CheckFormValues>({ task: '', referenceSql: '' });
  const {
    register,
    control,
    handleSubmit,
    onEnter,
    reset,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = form;
  const reference = useController({ control, name: 'referenceSql', rules: rules.referenceSql });
  const submit = handleSubmit(async ({ task, referenceSql }) => {
    try {
      await addCheck({ projectId, task, referenceSql }).unwrap();
      reset();
      toast.success('The check was added.');
    } catch (error) {
      // A 400 from the server is about the query (it did not run); other refusals are toasts.
      if (isClientError(error)) setError('referenceSql', { type: 'server', message: apiErrorMessage(error) ?? 'The check could not be saved.' });
      else reportRefusal(error, 'The check could not be saved.');
    }
  });
  return (
    <form className="catalog-form catalog-check-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label="Add a check">
      <h3>Add a check</h3>
      <TextAreaField label="Task" rows={3} error={fieldMessages(errors.task)} {...register('task', rules.task)} />
      <CodeField value={reference.field.value} onChange={reference.field.onChange} onSubmit={() => void submit()} label="Reference query" errors={fieldMessages(errors.referenceSql)} />
      <p className="catalog-form__hint">It runs on the course&apos;s practice database when you save; learners never see it, only its first rows when their result differs.</p>
      <Button type="submit" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Checking the query…' : 'Add check'}
      </Button>
    </form>
  );
}

function StoredCheckItem({ projectId, check, number }: { projectId: string; check: StoredCheck; number: number }) {
  const [deleteCheck, { isLoading }] = useDeleteCheckMutation();
  return (
    <li className="catalog-check-card">
      <div className="catalog-check-card__head">
        <h3>Check {number}</h3>
        <DeleteButton
          itemName={`check ${number}`}
          pending={isLoading}
          onConfirm={() => deleteCheck({ projectId, checkId: check._id }).unwrap().catch((error: unknown) => reportRefusal(error, 'The check could not be deleted.'))}
        />
      </div>
      <p className="catalog-check-card__task">{check.task}</p>
      <CodeView language="sql" code={check.referenceSql} />
    </li>
  );
}

/** The project form's checks (admins): each task with its reference query and Delete, then Add a check. */
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
