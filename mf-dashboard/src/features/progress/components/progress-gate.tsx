import type { UserProfile } from '@dblearn/contracts';
import { Button, Panel } from '@dblearn/ui';
import type { ReactNode } from 'react';
import { useLearnerProgress } from '../api/use-learner-progress.js';
import type { CourseProgress } from '../lib/progress.js';

export interface ProgressGateProps {
  /** What is loading, for the status line ("your dashboard"). */
  what: string;
  children: (me: UserProfile, progress: CourseProgress[]) => ReactNode;
}

/** Loads the learner's profile and the catalogue; says so while loading, and offers a retry on failure. */
export function ProgressGate({ what, children }: ProgressGateProps) {
  const state = useLearnerProgress();
  if (state.status === 'loading') {
    return (
      <p role="status" className="dashboard-status">
        Loading {what}…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <Panel title={`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`} tone="error" actions={<Button onClick={state.retry}>Try again</Button>}>
        <p>Check your connection and try again.</p>
      </Panel>
    );
  }
  return <>{children(state.me, state.progress)}</>;
}
