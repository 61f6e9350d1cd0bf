import { LEVEL_LABELS, type FinishedProject } from '@dblearn/contracts';
import { Button, LinkButton } from '@dblearn/ui';
import { useState } from 'react';
import { Link } from '@dblearn/web/router';

/** Shown before "Show all". */
export const FIRST_FINISHED_COUNT = 6;

/** The learner's finished projects, each linking to its project page. */
export function FinishedProjects({ projects }: { projects: readonly FinishedProject[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? projects : projects.slice(0, FIRST_FINISHED_COUNT);
  return (
    <section className="dashboard-card dashboard-finished" aria-labelledby="dashboard-finished-title">
      <h2 id="dashboard-finished-title">Finished Projects</h2>
      {projects.length === 0 ? (
        <div className="dashboard-empty">
          <p>Finish a project to see it here.</p>
          <LinkButton to="/projectLandingPage" variant="secondary">
            Recommended Projects
          </LinkButton>
        </div>
      ) : (
        <>
          <ul className="dashboard-compact-list">
            {shown.map((project) => (
              <li key={project._id}>
                {project.courseId ? <Link to={`/catalog/${project.courseId}/project/${project._id}`}>{project.title}</Link> : project.title}{' '}
                <span className="dashboard-muted">{LEVEL_LABELS[project.difficulty]}</span>
              </li>
            ))}
          </ul>
          {projects.length > FIRST_FINISHED_COUNT ? (
            <Button variant="ghost" className="dashboard-more" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Show fewer' : `Show all ${projects.length}`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
