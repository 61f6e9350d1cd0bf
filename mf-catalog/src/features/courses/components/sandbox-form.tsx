import { FIELD_LABELS, LIMITS, type Sandbox, SANDBOX_KINDS, type SandboxKind } from '@dblearn/contracts';
import { Button, CodeField, fieldMessages, RadioGroup, textRules, useGetSandboxQuery, useRulesForm, useFailedLine, toastRefusal } from '@dblearn/ui';
import { apiErrorMessage, isClientError, toast } from '@dblearn/web';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { failedLine, isAboutHidden } from '../../../lib/failed-line.js';
import { usePutSandboxMutation } from '../api/put-sandbox.js';

const KIND_LABELS: Record<SandboxKind, string> = { sql: 'SQL (SQLite script)', mongo: 'MongoDB (JSON collections)' };
const KIND_OPTIONS = SANDBOX_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const HINTS: Record<SandboxKind, string> = {
  sql: 'CREATE TABLE and INSERT statements that build the practice database. Every ```sql block of the course runs on a fresh copy of it.',
  mongo: 'One JSON object: each key a collection, each value a list of documents, e.g. {"books": [{"title": "Dune"}]}. The course’s ```mongo blocks query it.',
};

const HIDDEN_HINTS: Record<SandboxKind, string> = {
  sql: 'Checks are also graded on this second database, built on an empty one like the script above (CREATE TABLE and INSERT). Derived automatically when empty: other values in the same tables, a subset of rows that keeps the foreign keys, NULLs and ties.',
  mongo: 'Checks are also graded on these collections, same shape as above. Derived automatically when empty: a subset of the documents with their values moved around and a null here and there.',
};

const rules = {
  source: textRules('Sandbox script', LIMITS.runnable.source),
  hiddenSource: textRules(FIELD_LABELS.check.hiddenSource, LIMITS.runnable.source, { required: false }),
};

/** The form's fields: an empty hidden variant is none (the server derives one). */
interface SandboxValues extends Sandbox {
  hiddenSource: string;
}

/** The form proper, once the stored sandbox (or none) is known. */
function SandboxFields({ courseId, stored }: { courseId: string; stored: Sandbox | null }) {
  const [putSandbox] = usePutSandboxMutation();
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<SandboxValues>({ kind: stored?.kind ?? 'sql', source: stored?.source ?? '', hiddenSource: stored?.hiddenSource ?? '' });
  const source = useController({ control, name: 'source', rules: rules.source });
  const hidden = useController({ control, name: 'hiddenSource', rules: rules.hiddenSource });
  const kind = watch('kind');
  const failed = useFailedLine(source.field.value);
  const failedHidden = useFailedLine(hidden.field.value);
  // An edit of either text makes Save available again.
  const edited = (onChange: (value: string) => void) => (value: string) => {
    setSaved(false);
    onChange(value);
  };
  const submit = handleSubmit(async ({ hiddenSource, ...sandbox }) => {
    failed.clear();
    failedHidden.clear();
    try {
      // Without a hidden variant the server derives one (and forgets one it had).
      await putSandbox({ courseId, ...sandbox, ...(hiddenSource.trim() ? { hiddenSource } : {}) }).unwrap();
      setSaved(true);
      toast.success('The practice database was saved.');
    } catch (error) {
      // A 400 is about the script or the hidden variant (it did not run: the message names the line, marked in that editor); others are toasts.
      if (isClientError(error)) {
        const message = apiErrorMessage(error) ?? 'The sandbox could not be saved.';
        if (isAboutHidden(message)) {
          setError('hiddenSource', { type: 'server', message });
          failedHidden.markFrom(hiddenSource, failedLine(message, { of: 'hidden' }));
        } else {
          setError('source', { type: 'server', message });
          failed.markFrom(sandbox.source, failedLine(message, { of: 'sandbox' }));
        }
      } else toastRefusal(error, 'The sandbox could not be saved.');
    }
  });
  return (
    <form className="catalog-form catalog-sandbox-form" noValidate onSubmit={submit} onChange={() => setSaved(false)} aria-label="Practice database">
      <RadioGroup legend="Kind" options={KIND_OPTIONS} error={fieldMessages(errors.kind)} {...register('kind')} />
      <CodeField
        language={kind === 'mongo' ? 'json' : 'sql'}
        value={source.field.value}
        onChange={edited(source.field.onChange)}
        onSubmit={() => void submit()}
        label="Sandbox script"
        hint={`${HINTS[kind]} Ctrl+Enter saves.`}
        error={fieldMessages(errors.source)}
        markedLine={failed.markedLine}
      />
      <CodeField
        language={kind === 'mongo' ? 'json' : 'sql'}
        value={hidden.field.value}
        onChange={edited(hidden.field.onChange)}
        onSubmit={() => void submit()}
        label={`${FIELD_LABELS.check.hiddenSource} (optional)`}
        hint={HIDDEN_HINTS[kind]}
        error={fieldMessages(errors.hiddenSource)}
        markedLine={failedHidden.markedLine}
      />
      <Button type="submit" disabled={!isValid || isSubmitting || saved}>
        {saved ? 'Saved' : isSubmitting ? 'Checking the script…' : 'Save practice database'}
      </Button>
    </form>
  );
}

/**
 * The course form's practice database (admins): kind and script, saved with PUT
 * /course/sandbox/{courseId}; the server's 400 shows under the script and the line it names is marked in it.
 */
export function SandboxForm({ courseId }: { courseId: string }) {
  const sandbox = useGetSandboxQuery(courseId);
  const headingId = useId();
  // A 404 means the course has none yet: the form starts empty.
  const missing = sandbox.isError && 'status' in sandbox.error && sandbox.error.status === 404;
  // The form starts from the first answer and stays mounted while a save refetches the sandbox
  // (a remount would drop what the admin sees: the Saved state, or text typed meanwhile).
  const [initial, setInitial] = useState<{ stored: Sandbox | null } | null>(null);
  if (!initial && !sandbox.isFetching && (sandbox.data || missing)) setInitial({ stored: sandbox.data ?? null });
  return (
    <section className="catalog-sandbox" aria-labelledby={headingId}>
      <h2 id={headingId}>Practice database</h2>
      {initial ? (
        <>
          <p className="catalog-page__intro">{sandbox.data ? 'Lessons of this course run their examples on this database.' : 'This course has no practice database yet: its examples run on an empty one.'}</p>
          <SandboxFields courseId={courseId} stored={initial.stored} />
        </>
      ) : sandbox.isError && !missing ? (
        <p className="catalog-status" role="alert">
          The practice database could not be loaded.
        </p>
      ) : (
        <p className="catalog-status">Loading the practice database…</p>
      )}
    </section>
  );
}
