import { LinkButton } from '@dblearn/ui';
import { enrolledCourses, ProgressGate } from '../../progress/index.js';
import { EnrolledCourses } from '../components/enrolled-courses.js';
import { TopicButtons } from '../components/topic-buttons.js';

/** /hub "My Course": enrolled courses, the topics, and the way to the catalogue. */
export default function HubRoute() {
  return (
    <div className="dashboard hub">
      <div className="hub__header">
        <h1>My Course</h1>
        <LinkButton to="/catalog" variant="secondary">
          Course Catalog
        </LinkButton>
      </div>
      <ProgressGate what="your courses">{(_me, progress) => <EnrolledCourses courses={enrolledCourses(progress)} />}</ProgressGate>
      <TopicButtons />
    </div>
  );
}
