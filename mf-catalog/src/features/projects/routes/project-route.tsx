import { Button, LinkButton } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import { useParams } from '@dblearn/web/router';
import { BackLink } from '../../../lib/back-link.js';
import { paths, type ProjectArea } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { ReadingBlocks } from '../../../lib/reading-blocks.js';
import { reportRefusal } from '../../../lib/report-refusal.js';
import { useProgress } from '../../progress/api/get-progress.js';
import { useSetProjectFinishedMutation } from '../../progress/api/set-project-finished.js';
import { useGetProjectQuery } from '../api/get-project.js';
import { useRemoveProjectBlockMutation } from '../api/remove-project-block.js';

/** SPEC §4: Finish marks the project finished, Finished (with its check) takes the mark back. */
function FinishToggle({ projectId }: { projectId: string }) {
  const { user } = useSession();
  const progress = useProgress({ skip: !user });
  const [setFinished, { isLoading }] = useSetProjectFinishedMutation();
  if (!user) return null;
  const finished = progress.data?.finishedProject.some((project) => project._id === projectId) ?? false;
  const busy = isLoading || progress.isFetching || progress.data === undefined;
  const toggle = () =>
    setFinished({ userId: user._id, projectId, finished: !finished })
      .unwrap()
      .catch((error: unknown) => reportRefusal(error, 'Your progress could not be saved.'));
  return (
    <Button variant={finished ? 'secondary' : 'primary'} aria-pressed={finished} disabled={busy} onClick={toggle} className="catalog-finish">
      {finished ? (
        <>
          <span aria-hidden="true">✓</span> Finished
        </>
      ) : (
        'Finish'
      )}
    </Button>
  );
}

/** /catalog/…/project/{projectId} and /projectLandingPage/…/project/{projectId} (SPEC §2). */
export function ProjectRoute({ area }: { area: ProjectArea }) {
  const { courseId = '', projectId = '' } = useParams();
  const { isAdmin } = useSession();
  const project = useGetProjectQuery(projectId);
  const [removeProjectBlock, removing] = useRemoveProjectBlockMutation();
  const removeBlock = (id: string, blockId: string) =>
    removeProjectBlock({ projectId: id, blockId }).unwrap().catch((error: unknown) => reportRefusal(error, 'The block could not be deleted.'));
  const up = paths.projects(area, courseId);
  return (
    <article className="catalog-page catalog-reading">
      <BackLink to={up} />
      <QueryView query={project} what="project" back={{ to: up, label: 'Go back' }}>
        {(data) => (
          <>
            <header className="catalog-page__header">
              <div>
                <p className="catalog-eyebrow">
                  <span className={`catalog-difficulty catalog-difficulty--${data.difficulty}`}>{data.difficulty.toUpperCase()}</span>
                </p>
                <h1>{data.title}</h1>
              </div>
              <div className="catalog-page__tools">
                {isAdmin ? (
                  <LinkButton to={paths.projectForm(courseId, data._id)} variant="secondary">
                    Edit
                  </LinkButton>
                ) : (
                  <FinishToggle projectId={data._id} />
                )}
              </div>
            </header>
            <ReadingBlocks
              courseId={courseId}
              blocks={data.contents}
              noun="project"
              deleteBlock={isAdmin ? { run: (block) => removeBlock(data._id, block._id), pendingId: removing.isLoading ? (removing.originalArgs?.blockId ?? null) : null } : undefined}
            />
            <footer className="catalog-page__footer">
              <BackLink to={up} />
              <Button variant="ghost" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
                <span aria-hidden="true">↑</span> Go to Top
              </Button>
            </footer>
          </>
        )}
      </QueryView>
    </article>
  );
}
