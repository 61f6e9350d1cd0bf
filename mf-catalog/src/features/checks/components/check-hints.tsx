import { useId } from 'react';

export interface CheckHintsProps {
  /** The hints unlocked so far, in order (one more after each failed attempt). */
  hints: readonly string[];
  /** How many the check has in all. */
  hintCount: number;
}

/** A check's hints as the learner earned them; a new one is announced as it appears. */
export function CheckHints({ hints, hintCount }: CheckHintsProps) {
  const headingId = useId();
  const left = Math.max(0, hintCount - hints.length);
  if (hints.length === 0 && hintCount === 0) return null;
  return (
    <section className="catalog-check-hints" aria-labelledby={headingId}>
      <h4 id={headingId}>Hints</h4>
      {/* Polite: a hint comes with the attempt's verdict, which is read first. */}
      <ol aria-live="polite">
        {hints.map((hint, index) => (
          <li key={index}>
            <span className="catalog-check-hints__label">Hint {index + 1}:</span> {hint}
          </li>
        ))}
      </ol>
      {left > 0 ? (
        <p className="catalog-check-hints__more">
          {hints.length === 0
            ? `This check has ${left === 1 ? 'a hint' : `${left} hints`}: one appears after each attempt that does not pass.`
            : `${left === 1 ? 'One more hint' : `${left} more hints`} after another attempt that does not pass.`}
        </p>
      ) : null}
    </section>
  );
}
