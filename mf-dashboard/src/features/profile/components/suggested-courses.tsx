import { TOPIC_LABELS, type Course } from '@dblearn/contracts';
import { Card, LinkButton } from '@dblearn/ui';

/** Four courses from the catalogue, each opening its course page. */
export function SuggestedCourses({ courses }: { courses: readonly Course[] }) {
  return (
    <section className="dashboard-card dashboard-suggested" aria-labelledby="dashboard-suggested-title">
      <h2 id="dashboard-suggested-title">Suggested Courses</h2>
      {courses.length === 0 ? (
        <p className="dashboard-empty">The catalogue has no courses yet: check back soon.</p>
      ) : (
        <ul className="dashboard-suggested__list">
          {courses.map((course) => (
            <li key={course._id}>
              <Card
                title={course.name}
                headingLevel={3}
                actions={
                  <LinkButton to={`/catalog/${course._id}`} aria-label={`Open course ${course.name}`}>
                    Open course
                  </LinkButton>
                }
              >
                {TOPIC_LABELS[course.topic]} · {course.teacher}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
