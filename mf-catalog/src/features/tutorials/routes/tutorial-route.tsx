import { LinkButton, toastRefusal } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import { useEffect } from 'react';
import { useParams } from '@dblearn/web/router';
import { BackLink } from '../../../lib/back-link.js';
import { paths } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { ReadingBlocks } from '../../../lib/reading-blocks.js';
import { useProgress, useRecordTutorialReadMutation } from '../../progress/index.js';
import { useGetTutorialQuery } from '../api/get-tutorial.js';
import { useRemoveTutorialBlockMutation } from '../api/remove-tutorial-block.js';

/** Opening a tutorial records the read once (CONTRACT POST /users/tutorial/{userId}), unless already recorded. */
function useRecordRead(tutorialId: string, loaded: boolean) {
  const { user } = useSession();
  const progress = useProgress({ skip: !user });
  const [recordRead] = useRecordTutorialReadMutation();
  const alreadyRead = progress.data?.readTutorial.some((entry) => entry._id === tutorialId) ?? false;
  const userId = user?._id;
  const progressKnown = progress.data !== undefined;
  useEffect(() => {
    if (!userId || !loaded || !progressKnown || alreadyRead) return;
    // A failure here is not the reader's business: the mark simply stays off (5xx still toasts).
    recordRead({ userId, tutorialId }).unwrap().catch(() => undefined);
  }, [userId, tutorialId, loaded, progressKnown, alreadyRead, recordRead]);
}

/** /catalog/{courseId}/tutorial/{tutorialId}: title and blocks; admins get Edit and a Delete per block. */
export default function TutorialRoute() {
  const { courseId = '', tutorialId = '' } = useParams();
  const { isAdmin } = useSession();
  const tutorial = useGetTutorialQuery(tutorialId);
  const [removeTutorialBlock, removing] = useRemoveTutorialBlockMutation();
  const removeBlock = (id: string, blockId: string) =>
    removeTutorialBlock({ tutorialId: id, blockId }).unwrap().catch((error: unknown) => toastRefusal(error, 'The block could not be deleted.'));
  useRecordRead(tutorialId, tutorial.data !== undefined);
  const back = { to: paths.course(courseId), label: 'Back to the course' };
  return (
    <article className="catalog-page catalog-reading">
      <BackLink to={back.to} />
      <QueryView query={tutorial} what="tutorial" back={back}>
        {(data) => (
          <>
            <header className="catalog-page__header">
              <h1>{data.title}</h1>
              {isAdmin ? (
                <div className="catalog-page__tools">
                  <LinkButton to={paths.tutorialForm(courseId, data._id)} variant="secondary">
                    Edit
                  </LinkButton>
                </div>
              ) : null}
            </header>
            <ReadingBlocks
              courseId={courseId}
              blocks={data.contents}
              noun="tutorial"
              deleteBlock={isAdmin ? { run: (block) => removeBlock(data._id, block._id), pendingId: removing.isLoading ? (removing.originalArgs?.blockId ?? null) : null } : undefined}
            />
          </>
        )}
      </QueryView>
    </article>
  );
}
