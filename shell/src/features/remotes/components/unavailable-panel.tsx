import type { RemoteDefinition } from '@dblearn/federation';
import { Button, Panel } from '@dblearn/ui';
import { RemoteAreaError } from '../api/load-remote-app.js';
import { findChunkLoadError } from './chunk-load-error.js';

export const UNAVAILABLE_HEADING = 'This part of DBLearn is unavailable';

export interface UnavailablePanelProps {
  remote: RemoteDefinition;
  error: unknown;
  onRetry: () => void;
}

/** What a person sees instead of a blank page when an area cannot be loaded or crashes. */
export function UnavailablePanel({ remote, error, onRetry }: UnavailablePanelProps) {
  const chunkError = findChunkLoadError(error);
  const explained = chunkError ?? (error instanceof RemoteAreaError ? error : null);
  return (
    <Panel
      tone="error"
      headingLevel={1}
      title={UNAVAILABLE_HEADING}
      actions={
        <Button variant="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <p>
        <strong>{remote.title}</strong> could not be loaded just now. The rest of DBLearn keeps working: try again in a
        moment, or use the menu to go elsewhere.
      </p>
      {explained ? <p className="area-error__detail">{explained.message}</p> : null}
    </Panel>
  );
}
