import { LinkButton } from '@dblearn/ui';
import { useId } from 'react';
import type { CourseProgress } from '../../progress/index.js';

function ProgressLine({ label, done, total }: { label: string; done: number; total: number }) {
  const id = useId();
  return (
    <div className="enrolled__line">
      <span id={id} className="enrolled__label">
        {label}: {done} of {total}
      </span>
      <progress aria-labelledby={id} value={done} max={Math.max(total, 1)} />
    </div>
  );
}

/** Where Continue leads: the first unread tutorial, else the course's projects, else the course. */
function continueHref({ course, nextTutorial, projectsFinished }: CourseProgress): string {
  if (nextTutorial) return `/catalog/${course._id}/tutorial/${nextTutorial._id}`;
  if (projectsFinished < course.projects.length) return `/catalog/${course._id}/project`;
  return `/catalog/${course._id}`;
}

/** The courses the learner has started, with their progress and a Continue link. */
export function EnrolledCourses({ courses }: { courses: readonly CourseProgress[] }) {
  return (
    <section className="hub-section" aria-labelledby="hub-enrolled-title">
      <h2 id="hub-enrolled-title">Enrolled Courses</h2>
      {courses.length === 0 ? (
        <div className="dashboard-empty">
          <p>You have not started a course yet. Open a course in the catalogue and read a tutorial: it will show here with your progress.</p>
          <LinkButton to="/catalog">Browse the catalogue</LinkButton>
        </div>
      ) : (
        <ul className="enrolled">
          {courses.map((item) => (
            <li key={item.course._id} className="enrolled__course">
              <h3 className="enrolled__name">{item.course.name}</h3>
              <ProgressLine label="Tutorials read" done={item.tutorialsRead} total={item.course.tutorials.length} />
              <ProgressLine label="Projects finished" done={item.projectsFinished} total={item.course.projects.length} />
              <LinkButton to={continueHref(item)} aria-label={`Continue ${item.course.name}`}>
                Continue
              </LinkButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
