import { LIMITS, lengthMessage, type AttemptResult, type CheckAttempt } from '@dblearn/contracts';
import { Button, EngineSwitch, LazyMongoEditor, LazySqlEditor, POSTGRES_ONLY_REASON, useFailedLine, useLabEngine } from '@dblearn/ui';
import { useCallback, useId } from 'react';
import { failedLine } from '../../../lib/failed-line.js';
import { useCheckDraft } from '../hooks/use-check-draft.js';

const CODE_LIMIT = LIMITS.runnable.sql;

/** What each code kind asks for, and how it is graded (the hint under the editor). */
const CODE_KINDS = {
  query: { noun: 'query', Editor: LazySqlEditor, hint: 'The server runs it on a fresh copy of the practice database and on a second dataset you do not see.' },
  state: { noun: 'statements', Editor: LazySqlEditor, hint: 'The server runs your statements in order on a fresh copy (foreign keys on), then checks what they left behind.' },
  mongo: { noun: 'query', Editor: LazyMongoEditor, hint: 'A db.<collection>.find(…) or aggregate([…]) query, run on the course’s collections and on a second set you do not see.' },
} as const;

export interface CodeAnswerProps {
  projectId: string;
  checkId: string;
  kind: keyof typeof CODE_KINDS;
  /** 1-based, as the learner reads it. */
  number: number;
  pending: boolean;
  /** A SQL check graded on PostgreSQL only (issue 32): it is sent to PostgreSQL whatever the page's engine, and the switch says why. */
  postgresOnly?: boolean;
  attempt: (answer: CheckAttempt) => Promise<AttemptResult>;
}

/** The editor of a SQL or mongo check (the text kept across a reload), Check (Ctrl+Enter), and the failing line marked. */
export function CodeAnswer({ projectId, checkId, kind, number, pending, postgresOnly = false, attempt }: CodeAnswerProps) {
  const [text, setText] = useCheckDraft(projectId, checkId);
  const { noun, Editor, hint } = CODE_KINDS[kind];
  const hintId = useId();
  const tooLong = text.length > CODE_LIMIT.max;
  const { markedLine, clear, markFrom } = useFailedLine(text);
  // A SQL check is graded on the learner's engine (issue 32), the one every block of the page shows.
  const [chosen] = useLabEngine();
  const engine = postgresOnly ? 'postgres' : chosen;
  const submit = useCallback(
    (sent: string) => {
      if (sent.trim() === '' || sent.length > CODE_LIMIT.max || pending) return;
      clear();
      // A failure that names a line of this text marks it; a refusal (4xx) is shown by the card.
      attempt(kind === 'mongo' ? { query: sent } : { sql: sent, engine }).then(
        (result) => markFrom(sent, result.passed ? null : failedLine(result.message)),
        () => undefined,
      );
    },
    [attempt, kind, engine, pending, clear, markFrom],
  );
  return (
    <>
      <Editor value={text} onChange={setText} onSubmit={submit} label={`Your ${noun} for check ${number}`} describedBy={hintId} markedLine={markedLine} />
      <div className="dbl-runnable__tools">
        <Button onClick={() => submit(text)} disabled={pending || text.trim() === '' || tooLong}>
          {pending ? 'Checking…' : 'Check'}
        </Button>
        {kind === 'mongo' ? null : <EngineSwitch sqliteUnavailable={postgresOnly ? POSTGRES_ONLY_REASON : undefined} />}
        <span id={hintId} className="dbl-runnable__hint">
          Ctrl+Enter checks it. {hint}
        </span>
      </div>
      {tooLong ? (
        <p className="dbl-field__error" role="alert">
          {lengthMessage(kind === 'state' ? 'Statements' : 'Query', CODE_LIMIT)}
        </p>
      ) : null}
    </>
  );
}
