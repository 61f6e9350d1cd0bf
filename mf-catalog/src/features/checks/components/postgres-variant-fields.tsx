import { useId, useState, type ReactNode } from 'react';

/**
 * A query or state check's PostgreSQL parts (issue 32, decision 0037), folded away: most checks run
 * their SQLite parts on both engines. Open when the check has a variant, and whenever the server
 * refused one of them (`refused`), so its message is in sight.
 */
export function PostgresVariantFields({ kind, hasVariant, refused, children }: { kind: 'query' | 'state'; hasVariant: boolean; refused: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(hasVariant);
  const hintId = useId();
  return (
    // A refusal keeps it open: the message is the admin's next thing to read.
    <details className="catalog-check-form__variant" open={open || refused} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary aria-describedby={hintId}>PostgreSQL variant{hasVariant ? ' (set)' : ''}</summary>
      <p id={hintId} className="dbl-field__hint">
        {kind === 'state'
          ? 'Only where PostgreSQL needs other SQL (dates, catalogue or plan checks). A part left empty: the SQLite one runs on both engines.'
          : 'Only where PostgreSQL needs other SQL (dates, string functions). Left empty: the SQLite reference runs on both engines.'}{' '}
        Saving runs it on the server’s PostgreSQL when it is reachable.
      </p>
      {children}
    </details>
  );
}
