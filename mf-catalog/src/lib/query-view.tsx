import { Button, LinkButton, Panel } from '@dblearn/ui';
import { errorStatus, isFetchBaseQueryError } from '@dblearn/web';
import type { ReactNode } from 'react';

/** The parts of an RTK Query result a screen needs to show loading, failure or its data. */
export interface QueryLike<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** What is loading, for the status line: "course", "tutorial"… */
  what: string;
  /** Where "not found" sends the person back to. */
  back: { to: string; label: string };
  children: (data: T) => ReactNode;
  /** A 400/404 means "no such item" for one item; a list has no such answer (default true). */
  canBeMissing?: boolean;
}

export function LoadingLine({ what }: { what: string }) {
  return (
    <p className="catalog-status" role="status">
      <span className="catalog-spinner" aria-hidden="true" />
      Loading {what}…
    </p>
  );
}

export function NotFoundPanel({ what, back }: { what: string; back: { to: string; label: string } }) {
  const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`;
  return (
    <Panel title={title} tone="warning" headingLevel={1} actions={<LinkButton to={back.to} variant="secondary">{back.label}</LinkButton>}>
      <p>It may have been deleted, or the link is wrong.</p>
    </Panel>
  );
}

/**
 * Never a blank screen: a status line while the first answer is on its way, "not found" for a 400 or
 * 404 (malformed or unknown id), a Retry panel for anything else (the toast has already said
 * "Unexpected Error"), then the data.
 */
export function QueryView<T>({ query, what, back, children, canBeMissing = true }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    const status = isFetchBaseQueryError(query.error) ? errorStatus(query.error) : null;
    if (canBeMissing && (status === 400 || status === 404)) return <NotFoundPanel what={what} back={back} />;
    return (
      <Panel
        title={`The ${what} could not be loaded`}
        tone="error"
        headingLevel={1}
        actions={
          <Button onClick={() => query.refetch()} disabled={query.isFetching}>
            Retry
          </Button>
        }
      >
        <p>The server did not answer as expected. Try again in a moment.</p>
      </Panel>
    );
  }
  return <LoadingLine what={what} />;
}
