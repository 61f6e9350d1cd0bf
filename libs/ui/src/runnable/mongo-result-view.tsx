import { RunError } from './run-error.js';
import { documentCountLabel, formatDocument, type MongoRunResult } from './mongo-result.js';

/** The outcome of a mongo run: the documents, one per item, with their count, or the error. */
export function MongoResultView({ result, label = 'Query result' }: { result: MongoRunResult | null; label?: string }) {
  if (!result) return null;
  if (result.kind === 'error') return <RunError message={result.message} />;
  return (
    <div className="dbl-runnable__result dbl-runnable__result--documents">
      <p className="dbl-runnable__count" role="status">
        {documentCountLabel(result.total)}
        {result.total > result.documents.length ? ` (the first ${result.documents.length} shown)` : ''}
      </p>
      {result.documents.length > 0 ? (
        <DocumentList documents={result.documents} label={label} />
      ) : null}
    </div>
  );
}

/** Documents in a labelled box that scrolls (`compact`: each on its wrapped line, for samples), one per numbered item, each wrapped (no sideways scroll). */
export function DocumentList({ documents, label, compact = false }: { documents: unknown[]; label: string; compact?: boolean }) {
  return (
    <div className="dbl-runnable__scroll" tabIndex={0} role="region" aria-label={label}>
      <ol className="dbl-runnable__documents">
        {documents.map((document, index) => (
          <li key={index} className="dbl-runnable__document">
            <pre>{formatDocument(document, { compact })}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
