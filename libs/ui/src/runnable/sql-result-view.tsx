import { RunError } from './run-error.js';
import type { SqlCell, SqlTable } from '@dblearn/lab';
import { formatCell, rowCountLabel, SHOWN_ROWS, type SqlRunResult } from './sql-result.js';

export interface SqlResultViewProps {
  result: SqlRunResult | null;
  /** The table's accessible name, when a screen shows more than one result. */
  label?: string;
  /** How many rows the result has in all, when `rows` holds only the first of them (a check's answer). */
  rowCount?: number;
  /** How many rows to show at most. */
  shownRows?: number;
}

/** The outcome of a run: a table with column names and a row count, a statement's summary, or the error. */
export function SqlResultView({ result, label = 'Query result', rowCount, shownRows = SHOWN_ROWS }: SqlResultViewProps) {
  if (!result) return null;
  if (result.kind === 'error') return <RunError message={result.message} />;
  if (result.kind === 'done' || result.kind === 'refused') {
    return (
      <p className={result.kind === 'refused' ? 'dbl-runnable__count dbl-runnable__refused' : 'dbl-runnable__count'} role="status">
        {result.message}
      </p>
    );
  }
  if (result.kind === 'tables') {
    // Every statement that returned rows, in the order they ran, each named by its place.
    return (
      <>
        {result.tables.map((table, index) => (
          <CountedTable key={index} table={table} label={`${label} ${index + 1} of ${result.tables.length}`} shownRows={shownRows} />
        ))}
      </>
    );
  }
  return <CountedTable table={result} label={label} rowCount={rowCount} shownRows={shownRows} />;
}

/** One result with its row count above it. */
function CountedTable({ table, label, rowCount, shownRows }: { table: SqlTable; label: string; rowCount?: number; shownRows: number }) {
  const shown = table.rows.slice(0, shownRows);
  const count = rowCount ?? table.rows.length;
  return (
    <div className="dbl-runnable__result">
      <p className="dbl-runnable__count" role="status">
        {rowCountLabel(count)}
        {count > shown.length ? ` (the first ${shown.length} shown)` : ''}
      </p>
      <ResultTable columns={table.columns} rows={shown} label={label} />
    </div>
  );
}

/** Rows under their column names, in a labelled box that scrolls (NULL spelt out, BLOBs as hex). */
export function ResultTable({ columns, rows, label }: { columns: string[]; rows: SqlCell[][]; label: string }) {
  return (
    <div className="dbl-runnable__scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="dbl-runnable__table">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
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
  );
}
