import { TOPICS, type Course, type CourseTutorialEntry, type FinishedProject, type Topic, type UserProfile } from '@dblearn/contracts';

/** What the learner has done in one course, counted against the course's current lists. */
export interface CourseProgress {
  course: Course;
  tutorialsRead: number;
  projectsFinished: number;
  /** The first tutorial in course order the learner has not read; null when all are read. */
  nextTutorial: CourseTutorialEntry | null;
}

export interface TopicProgress {
  topic: Topic;
  tutorialsRead: number;
  tutorialsTotal: number;
  projectsFinished: number;
  projectsTotal: number;
}

/**
 * Progress per course, in catalogue order, from the learner's profile (its `readTutorial` and
 * `finishedProject`). Only tutorials and projects still in a course count, so a deleted tutorial,
 * project or course drops out of every figure at once.
 */
export function courseProgress(courses: readonly Course[], me: UserProfile): CourseProgress[] {
  const read = new Set(me.readTutorial.map((tutorial) => tutorial._id));
  const finished = new Set(me.finishedProject.map((project) => project._id));
  return courses.map((course) => ({
    course,
    tutorialsRead: course.tutorials.filter((tutorial) => read.has(tutorial._id)).length,
    projectsFinished: course.projects.filter((project) => finished.has(project._id)).length,
    nextTutorial: course.tutorials.find((tutorial) => !read.has(tutorial._id)) ?? null,
  }));
}

export function isStarted(progress: CourseProgress): boolean {
  return progress.tutorialsRead > 0 || progress.projectsFinished > 0;
}

/** /hub "Enrolled Courses": the courses where the learner read a tutorial or finished a project. */
export function enrolledCourses(progress: readonly CourseProgress[]): CourseProgress[] {
  return progress.filter(isStarted);
}

/** Tutorials read and projects finished out of the total, for each of the five topics. */
export function topicProgress(progress: readonly CourseProgress[]): TopicProgress[] {
  return TOPICS.map((topic) => {
    const inTopic = progress.filter(({ course }) => course.topic === topic);
    const sum = (count: (item: CourseProgress) => number) => inTopic.reduce((total, item) => total + count(item), 0);
    return {
      topic,
      tutorialsRead: sum((item) => item.tutorialsRead),
      tutorialsTotal: sum((item) => item.course.tutorials.length),
      projectsFinished: sum((item) => item.projectsFinished),
      projectsTotal: sum((item) => item.course.projects.length),
    };
  });
}

export const SUGGESTION_COUNT = 4;

/**
 * SPEC §9: the first four courses of the catalogue, preferring (issue 10) courses of the learner's
 * level that they have not started. A course has no level of its own: it fits a level when one of
 * its projects has that difficulty, and Basic Concepts courses fit beginners.
 */
export function suggestedCourses(progress: readonly CourseProgress[], skill: UserProfile['skill']): Course[] {
  const fits = ({ course }: CourseProgress) =>
    course.projects.some((project) => project.difficulty === skill) || (skill === 'beginner' && course.topic === 'beginner');
  const rank = (item: CourseProgress) => (isStarted(item) ? 2 : fits(item) ? 0 : 1);
  // Array.prototype.sort is stable: catalogue order is kept within each rank.
  return [...progress]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, SUGGESTION_COUNT)
    .map((item) => item.course);
}

/**
 * The finished projects some course still lists: a deleted project (or course) leaves the list on
 * the next visit even before svc-users has dropped its copy, as it leaves the chart.
 */
export function stillInCatalogue(finished: readonly FinishedProject[], progress: readonly CourseProgress[]): FinishedProject[] {
  const listed = new Set(progress.flatMap(({ course }) => course.projects.map((project) => project._id)));
  return finished.filter((project) => listed.has(project._id));
}
