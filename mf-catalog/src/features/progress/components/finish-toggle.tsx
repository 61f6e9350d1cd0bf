import { Button, toastRefusal } from '@dblearn/ui';
import { apiErrorMessage, errorStatus, isFetchBaseQueryError, useAppDispatch, useSession } from '@dblearn/web';
import { useId, useState } from 'react';
import { catalogApi } from '../../../lib/catalog-api.js';
import { useProgress } from '../api/get-progress.js';
import { useSetProjectFinishedMutation } from '../api/set-project-finished.js';

export interface FinishToggleProps {
  projectId: string;
  /** Why Finish is not available yet (a checked project with checks left); a finished project can always be taken back. */
  locked?: string;
}

/**
 * SPEC §4: Finish marks the project finished, Finished (with its check) takes the mark back. The
 * server re-checks a checked project: its 409 ("pass every check…") is shown beside the button.
 */
export function FinishToggle({ projectId, locked }: FinishToggleProps) {
  const { user } = useSession();
  const progress = useProgress({ skip: !user });
  const [setFinished, { isLoading }] = useSetProjectFinishedMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const hintId = useId();
  if (!user) return null;
  const finished = progress.data?.finishedProject.some((project) => project._id === projectId) ?? false;
  const busy = isLoading || progress.isFetching || progress.data === undefined;
  const blocked = !finished && locked !== undefined;
  const toggle = () => {
    setRefusal(null);
    setFinished({ userId: user._id, projectId, finished: !finished })
      .unwrap()
      .catch((error: unknown) => {
        if (isFetchBaseQueryError(error) && errorStatus(error) === 409) {
          setRefusal(apiErrorMessage(error) ?? 'Pass every check of this project before finishing it.');
          // The checks changed under the learner (an admin added one): show them as they are now.
          dispatch(catalogApi.util.invalidateTags([{ type: 'Project', id: projectId }, { type: 'CheckPasses', id: projectId }]));
        } else toastRefusal(error, 'Your progress could not be saved.');
      });
  };
  return (
    <div className="catalog-finish-box">
      <Button
        variant={finished ? 'secondary' : 'primary'}
        aria-pressed={finished}
        disabled={busy || blocked}
        aria-describedby={blocked ? hintId : undefined}
        onClick={toggle}
        className="catalog-finish"
      >
        {finished ? (
          <>
            <span aria-hidden="true">✓</span> Finished
          </>
        ) : (
          'Finish'
        )}
      </Button>
      {blocked ? (
        <span id={hintId} className="catalog-finish-box__hint">
          {locked}
        </span>
      ) : null}
      {refusal ? (
        <p className="catalog-finish-box__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
