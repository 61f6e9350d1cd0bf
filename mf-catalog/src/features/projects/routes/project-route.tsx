import { Button, LinkButton, toastRefusal } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import { useParams } from '@dblearn/web/router';
import { lazy, Suspense } from 'react';
import { BackLink } from '../../../lib/back-link.js';
import { paths, type ProjectArea } from '../../../lib/paths.js';
import { ReadingBlocks } from '../../../lib/reading-blocks.js';
import { LoadingLine, QueryView } from '../../../lib/query-view.js';
import { FinishToggle } from '../../progress/index.js';
import { useGetProjectQuery } from '../api/get-project.js';
import { useRemoveProjectBlockMutation } from '../api/remove-project-block.js';

// A checked project's editors, CodeMirror included, load only with a project that has checks.
const ProjectChecks = lazy(() => import('../../checks/project-checks.js'));

function checksLeftLabel(left: number): string {
  return `Pass every check to finish: ${left === 1 ? '1 check is' : `${left} checks are`} left.`;
}

/** /catalog/…/project/{projectId} and /projectLandingPage/…/project/{projectId} (SPEC §2). */
export function ProjectRoute({ area }: { area: ProjectArea }) {
  const { courseId = '', projectId = '' } = useParams();
  const { isAdmin } = useSession();
  const project = useGetProjectQuery(projectId);
  const [removeProjectBlock, removing] = useRemoveProjectBlockMutation();
  const removeBlock = (id: string, blockId: string) =>
    removeProjectBlock({ projectId: id, blockId }).unwrap().catch((error: unknown) => toastRefusal(error, 'The block could not be deleted.'));
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
                ) : data.checks.length === 0 ? (
                  <FinishToggle projectId={data._id} />
                ) : null}
              </div>
            </header>
            <ReadingBlocks
              courseId={courseId}
              blocks={data.contents}
              noun="project"
              deleteBlock={isAdmin ? { run: (block) => removeBlock(data._id, block._id), pendingId: removing.isLoading ? (removing.originalArgs?.blockId ?? null) : null } : undefined}
            />
            {data.checks.length > 0 ? (
              <Suspense fallback={<LoadingLine what="checks" />}>
                <ProjectChecks
                  projectId={data._id}
                  checks={data.checks}
                  footer={isAdmin ? undefined : (left) => <FinishToggle projectId={data._id} locked={left > 0 ? checksLeftLabel(left) : undefined} />}
                />
              </Suspense>
            ) : null}
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
