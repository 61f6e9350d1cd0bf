import { DeleteButton, LinkButton, Panel, toastRefusal } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import { useParams } from '@dblearn/web/router';
import { BackLink } from '../../../lib/back-link.js';
import type { Course } from '../../../lib/content.js';
import { NEW_ID, paths, type ProjectArea } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { useGetCourseQuery } from '../../courses/index.js';
import { useProgress } from '../../progress/index.js';
import { useDeleteProjectMutation } from '../api/delete-project.js';

type ProjectEntry = Course['projects'][number];

function DeleteProject({ courseId, project }: { courseId: string; project: ProjectEntry }) {
  const [deleteProject, { isLoading }] = useDeleteProjectMutation();
  const remove = () => deleteProject({ id: project._id, courseId }).unwrap().catch((error: unknown) => toastRefusal(error, 'The project could not be deleted.'));
  return <DeleteButton itemName={project.title} onConfirm={remove} pending={isLoading} />;
}

/** A learner's check mark: filled when the project is finished (SPEC §2). */
function FinishedMark({ finished }: { finished: boolean }) {
  return (
    <span className={finished ? 'catalog-check catalog-check--done' : 'catalog-check'} role="img" aria-label={finished ? 'Finished' : 'Not finished'}>
      {finished ? '✓' : ''}
    </span>
  );
}

function ProjectList({ area, course }: { area: ProjectArea; course: Course }) {
  const { isAdmin } = useSession();
  const progress = useProgress({ skip: isAdmin });
  const finished = new Set((progress.data?.finishedProject ?? []).map((project) => project._id));
  if (course.projects.length === 0) {
    return (
      <Panel title="No projects yet" headingLevel={2}>
        <p>{isAdmin ? 'Add the first one with Add Project.' : 'Projects appear here as soon as an admin adds them.'}</p>
      </Panel>
    );
  }
  return (
    <ul className="catalog-project-list">
      {course.projects.map((project) => (
        <li key={project._id} className="catalog-project-list__item">
          {isAdmin ? null : <FinishedMark finished={finished.has(project._id)} />}
          <LinkButton to={paths.project(area, course._id, project._id)} variant="ghost" className="catalog-project-list__link">
            <span className="catalog-project-list__title">{project.title}</span>
            <span className={`catalog-difficulty catalog-difficulty--${project.difficulty}`}>{project.difficulty.toUpperCase()}</span>
          </LinkButton>
          {isAdmin ? <DeleteProject courseId={course._id} project={project} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** /catalog/{courseId}/project and /projectLandingPage/{courseId}/project: a course's projects. */
export function ProjectListRoute({ area }: { area: ProjectArea }) {
  const { courseId = '' } = useParams();
  const { isAdmin } = useSession();
  const course = useGetCourseQuery(courseId);
  const up = area === 'catalog' ? paths.course(courseId) : paths.landing();
  return (
    <div className="catalog-page">
      <BackLink to={up} label="Go Back" />
      <QueryView query={course} what="course" back={{ to: up, label: 'Go Back' }}>
        {(data) => (
          <>
            <header className="catalog-page__header">
              <div>
                <p className="catalog-eyebrow">{data.name}</p>
                <h1>Projects</h1>
              </div>
              {isAdmin ? (
                <div className="catalog-page__tools">
                  <LinkButton to={paths.projectForm(data._id, NEW_ID)}>
                    <span aria-hidden="true">+</span> Add Project
                  </LinkButton>
                </div>
              ) : null}
            </header>
            <ProjectList area={area} course={data} />
          </>
        )}
      </QueryView>
    </div>
  );
}
