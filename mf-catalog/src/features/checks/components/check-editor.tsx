import type { StoredCheck } from '@dblearn/contracts';
import { Button, CodeView, DeleteButton, toastRefusal } from '@dblearn/ui';
import { toast } from '@dblearn/web';
import { useEffect, useId, useRef, useState } from 'react';
import { QueryView } from '../../../lib/query-view.js';
import { useAddCheckMutation } from '../api/add-check.js';
import { useDeleteCheckMutation } from '../api/delete-check.js';
import { useGetStoredChecksQuery } from '../api/get-stored-checks.js';
import { useUpdateCheckMutation } from '../api/update-check.js';
import { CheckAnalysisPanel } from './check-analysis-panel.js';
import { EMPTY_CHECK, formValuesOf } from '../utils/check-form-values.js';
import { CheckForm, KIND_LABELS } from './check-form.js';

function AddCheckForm({ projectId }: { projectId: string }) {
  const [addCheck] = useAddCheckMutation();
  return (
    <CheckForm
      title="Add a check"
      values={EMPTY_CHECK}
      submitLabel="Add check"
      save={(body) => addCheck({ projectId, ...body }).unwrap()}
      onSaved={() => toast.success('The check was added.')}
    />
  );
}

/** What a stored check grades with, as the admin reads it in the list. */
function CheckAnswerView({ check }: { check: StoredCheck }) {
  switch (check.kind) {
    case 'query':
      return <CodeView language="sql" code={check.referenceSql} />;
    case 'state':
      return (
        <>
          <CodeView language="sql" code={check.referenceSql} />
          <p className="catalog-check-card__label">Verification query</p>
          <CodeView language="sql" code={check.verifySql} />
          {check.probes.length > 0 ? (
            <ul className="catalog-check-card__probes">
              {check.probes.map((probe, index) => (
                <li key={index}>
                  Must {probe.expect === 'fails' ? 'fail' : 'succeed'}: <code>{probe.sql}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      );
    case 'mongo':
      return <CodeView language="mongo" code={check.referenceQuery} />;
    case 'quiz': {
      const { quiz } = check;
      if (quiz.type === 'choice')
        return (
          <ul className="catalog-check-card__options">
            {quiz.options.map((option, index) => (
              <li key={index}>
                {option}
                {quiz.correct.includes(index) ? <strong> (correct)</strong> : null}
              </li>
            ))}
          </ul>
        );
      return <p className="catalog-check-card__task">Answer: {quiz.type === 'number' ? `${quiz.answer} (± ${quiz.tolerance})` : quiz.answer.join(', ')}</p>;
    }
  }
}

/** A stored check, or its edit form: a new reference or answer gives it a new id on the server (learners pass it again), a new wording, hints or explanation do not. */
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
          values={formValuesOf(check)}
          submitLabel="Save"
          save={(body) => updateCheck({ projectId, checkId: check._id, ...body }).unwrap()}
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
    <li className="catalog-check-card" id={`check-${check._id}`}>
      <div className="catalog-check-card__head">
        <h3>Check {number}</h3>
        <span className="catalog-check-card__actions">
          <Button ref={editButton} variant="secondary" aria-label={`Edit check ${number}`} disabled={isLoading} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <DeleteButton
            itemName={`check ${number}`}
            pending={isLoading}
            onConfirm={() => deleteCheck({ projectId, checkId: check._id }).unwrap().catch((error: unknown) => toastRefusal(error, 'The check could not be deleted.'))}
          />
        </span>
      </div>
      <p className="catalog-check-card__kind">{KIND_LABELS[check.kind]}</p>
      <p className="catalog-check-card__task">{check.task}</p>
      <CheckAnswerView check={check} />
      {check.hints.length > 0 || check.explanation ? (
        <p className="catalog-check-card__extras">
          {check.hints.length === 1 ? '1 hint' : `${check.hints.length} hints`}
          {check.explanation ? '; an explanation' : ''}
        </p>
      ) : null}
      <CheckAnalysisPanel projectId={projectId} checkId={check._id} number={number} />
    </li>
  );
}

/** The project form's checks (admins): each task with what grades it, Edit and Delete, then Add a check. */
export default function CheckEditor({ projectId, editBack }: { projectId: string; editBack: { to: string; label: string } }) {
  const stored = useGetStoredChecksQuery(projectId);
  const headingId = useId();
  return (
    <section className="catalog-checks" aria-labelledby={headingId}>
      <h2 id={headingId}>Checks</h2>
      <p className="catalog-page__intro">
        A learner passes a check when their answer matches: a query’s result on the practice data and on its hidden variant, what their statements leave behind, or a quiz’s answer. Finish needs every check passed.
      </p>
      <QueryView query={stored} what="checks" back={editBack}>
        {({ checks }) =>
          checks.length === 0 ? (
            <p className="catalog-status">No checks yet: learners can finish this project without answering any.</p>
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
