import { isTopic, TOPIC_LABELS, type Topic } from '@dblearn/contracts';
import { Pagination, Panel, readPage, TopicFilter } from '@dblearn/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from '@dblearn/web/router';
import type { Course } from '../../../lib/content.js';
import { LoadingLine, QueryView } from '../../../lib/query-view.js';
import { useGetCoursesQuery } from '../api/get-courses.js';
import { CourseCard } from './course-card.js';

export interface CourseBrowserProps {
  /** The screen's heading: "Learning Hub" or "Recommended Projects". */
  title: string;
  intro: ReactNode;
  /** Add New Course, for admins on the catalogue. */
  tools?: ReactNode;
  cardActions: (course: Course) => ReactNode;
}

/** ?topic=sql&page=2 keeps the filter and page in the address: Back and shared links return to them. */
function useTopicAndPage() {
  const [params, setParams] = useSearchParams();
  const topicParam = params.get('topic');
  const topic: Topic | null = isTopic(topicParam) ? topicParam : null;
  const page = readPage(params);
  const show = (next: { topic: Topic | null; page: number }) => {
    const search = new URLSearchParams();
    if (next.topic) search.set('topic', next.topic);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  return { topic, page, show };
}

/** Courses by topic, six a page (SPEC §2, §9): the Learning Hub and Recommended Projects both use it. */
export function CourseBrowser({ title, intro, tools, cardActions }: CourseBrowserProps) {
  const { topic, page, show } = useTopicAndPage();
  const courses = useGetCoursesQuery({ topic, page });
  const listName = topic ? `${TOPIC_LABELS[topic]} courses` : 'All courses';

  return (
    <div className="catalog-page">
      <header className="catalog-page__header">
        <div>
          <h1>{title}</h1>
          <p className="catalog-page__intro">{intro}</p>
        </div>
        {tools ? <div className="catalog-page__tools">{tools}</div> : null}
      </header>
      <TopicFilter selected={topic} onSelect={(next) => show({ topic: next, page: 1 })} />
      <QueryView query={courses} what="courses" back={{ to: '/', label: 'Learning Hub' }} canBeMissing={false}>
        {({ items, total }) => (
          <section aria-label={listName} aria-busy={courses.isFetching}>
            {courses.isFetching ? <LoadingLine what="courses" /> : null}
            {items.length === 0 ? (
              <Panel title={page > 1 ? 'No courses on this page' : 'No courses yet'} headingLevel={2}>
                <p>{topic ? `There are no ${TOPIC_LABELS[topic]} courses here yet. Try another topic.` : 'Courses appear here as soon as an admin adds them.'}</p>
              </Panel>
            ) : (
              <ul className="catalog-grid">
                {items.map((course) => (
                  <li key={course._id}>
                    <CourseCard course={course} actions={cardActions(course)} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination totalItems={total} currentPage={page} onPageChange={(next) => show({ topic, page: next })} label={`${listName}, pages`} />
          </section>
        )}
      </QueryView>
    </div>
  );
}
