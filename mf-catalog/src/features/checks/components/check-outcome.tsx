import type { AttemptResult } from '@dblearn/contracts';
import { SqlResultView } from '@dblearn/ui';

/** How many rows of each result a failed check shows side by side (the server sends at most 5 expected ones). */
const ROWS_COMPARED = 5;

/** A check's answer: a clear pass, or the reason it failed with the first rows of both results. */
export function CheckOutcome({ result }: { result: AttemptResult }) {
  if (result.passed) {
    return (
      <p className="catalog-check-outcome catalog-check-outcome--pass" role="status">
        <span aria-hidden="true">✓</span> {result.message}
      </p>
    );
  }
  const { columns, rows, rowCount, expected } = result;
  return (
    <div className="catalog-check-outcome catalog-check-outcome--fail">
      <p role="alert">
        <strong>Not passed:</strong> {result.message}
      </p>
      {columns && rows ? (
        <div className="catalog-check-compare">
          <div className="catalog-check-compare__side">
            <h4>Your result</h4>
            <SqlResultView result={{ kind: 'table', columns, rows }} label="Your result" rowCount={rowCount} shownRows={ROWS_COMPARED} />
          </div>
          {expected ? (
            <div className="catalog-check-compare__side">
              <h4>Expected result</h4>
              <SqlResultView result={{ kind: 'table', columns: expected.columns, rows: expected.rows }} label="Expected result" rowCount={expected.rowCount} shownRows={ROWS_COMPARED} />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
