import { TOPIC_LABELS } from '@dblearn/contracts';
import { DeleteButton, LinkButton, Panel, toastRefusal } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import { useParams } from '@dblearn/web/router';
import { BackLink } from '../../../lib/back-link.js';
import type { Course } from '../../../lib/content.js';
import { NEW_ID, paths } from '../../../lib/paths.js';
import { QueryView } from '../../../lib/query-view.js';
import { useProgress } from '../../progress/index.js';
import { useDeleteTutorialMutation } from '../../tutorials/index.js';
import { useGetCourseQuery } from '../api/get-course.js';

function DeleteTutorial({ courseId, tutorial }: { courseId: string; tutorial: { _id: string; title: string } }) {
  const [deleteTutorial, { isLoading }] = useDeleteTutorialMutation();
  const remove = () => deleteTutorial({ id: tutorial._id, courseId }).unwrap().catch((error: unknown) => toastRefusal(error, 'The tutorial could not be deleted.'));
  return <DeleteButton itemName={tutorial.title} onConfirm={remove} pending={isLoading} />;
}

function TutorialList({ course }: { course: Course }) {
  const { isAdmin } = useSession();
  const progress = useProgress({ skip: isAdmin });
  const read = new Set((progress.data?.readTutorial ?? []).map((entry) => entry._id));
  if (course.tutorials.length === 0) {
    return (
      <Panel title="No tutorials yet" headingLevel={2}>
        <p>{isAdmin ? 'Add the first one with New Tutorial.' : 'Tutorials appear here as soon as an admin writes them.'}</p>
      </Panel>
    );
  }
  return (
    <ol className="catalog-numbered">
      {course.tutorials.map((tutorial) => {
        const isRead = read.has(tutorial._id);
        return (
          <li key={tutorial._id} className="catalog-numbered__item">
            <LinkButton to={paths.tutorial(course._id, tutorial._id)} variant="ghost" className="catalog-numbered__link">
              {tutorial.title}
            </LinkButton>
            {isRead ? (
              <span className="catalog-mark catalog-mark--done">
                <span aria-hidden="true">✓</span> Read
              </span>
            ) : null}
            {isAdmin ? <DeleteTutorial courseId={course._id} tutorial={tutorial} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** /catalog/{courseId}: the course's numbered tutorials, read marks, its projects and Go back (SPEC §2). */
export default function CourseRoute() {
  const { courseId = '' } = useParams();
  const { isAdmin } = useSession();
  const course = useGetCourseQuery(courseId);
  return (
    <div className="catalog-page">
      <BackLink to={paths.catalog()} />
      <QueryView query={course} what="course" back={{ to: paths.catalog(), label: 'Learning Hub' }}>
        {(data) => (
          <>
            <header className="catalog-page__header">
              <div>
                <p className="catalog-eyebrow">{TOPIC_LABELS[data.topic] ?? data.topic}</p>
                <h1>{data.name}</h1>
                <p className="catalog-page__intro">
                  {data.teacher} · {data.length}
                </p>
              </div>
              <div className="catalog-page__tools">
                <LinkButton to={paths.projects('catalog', data._id)} variant="secondary">
                  Projects ({data.projects.length})
                </LinkButton>
                {isAdmin ? <LinkButton to={paths.tutorialForm(data._id, NEW_ID)}>New Tutorial</LinkButton> : null}
              </div>
            </header>
            <section aria-labelledby="course-tutorials">
              <h2 id="course-tutorials">Tutorials</h2>
              <TutorialList course={data} />
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
