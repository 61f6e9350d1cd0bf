import { formatCell, rowCountLabel, SHOWN_ROWS, type SqlRunResult } from './sql-result.js';

/** The outcome of a run: a table with column names and a row count, a statement's summary, or the error. */
export function SqlResultView({ result }: { result: SqlRunResult | null }) {
  if (!result) return null;
  if (result.kind === 'error') {
    return (
      <p className="dbl-runnable__error" role="alert">
        {result.message}
      </p>
    );
  }
  if (result.kind === 'done') {
    return (
      <p className="dbl-runnable__count" role="status">
        {result.message}
      </p>
    );
  }
  const shown = result.rows.slice(0, SHOWN_ROWS);
  return (
    <div className="dbl-runnable__result">
      <p className="dbl-runnable__count" role="status">
        {rowCountLabel(result.rows.length)}
        {result.rows.length > shown.length ? ` (the first ${shown.length} shown)` : ''}
      </p>
      <div className="dbl-runnable__scroll" tabIndex={0} role="region" aria-label="Query result">
        <table className="dbl-runnable__table">
          <thead>
            <tr>
              {result.columns.map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex} className={cell === null ? 'dbl-runnable__null' : undefined}>
                    {formatCell(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
