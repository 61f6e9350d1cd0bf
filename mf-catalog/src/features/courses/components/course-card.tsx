import { TOPIC_LABELS } from '@dblearn/contracts';
import { Card, StarRating } from '@dblearn/ui';
import type { ReactNode } from 'react';
import type { Course } from '../../../lib/content.js';

/** SPEC §2: name, the fixed 5.0 rating, teacher and length, with the screen's own actions at the foot. */
export function CourseCard({ course, actions }: { course: Course; actions: ReactNode }) {
  return (
    <Card className="catalog-course-card" title={course.name} headingLevel={2} actions={actions}>
      <p className="catalog-course-card__topic">{TOPIC_LABELS[course.topic] ?? course.topic}</p>
      <StarRating />
      <dl className="catalog-facts">
        <div>
          <dt>Teacher</dt>
          <dd>{course.teacher}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{course.length}</dd>
        </div>
      </dl>
    </Card>
  );
}
