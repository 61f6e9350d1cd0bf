import { makeCourses, makeProfile } from '../../../../testing/mock-gateway.js';
import { courseProgress, enrolledCourses, stillInCatalogue, suggestedCourses, topicProgress } from './progress.js';

const read = (...ids: string[]) => ids.map((_id) => ({ _id, courseId: _id.split('-')[0]! }));
const finished = (...ids: string[]) => ids.map((_id) => ({ _id, title: _id, difficulty: 'beginner' as const, courseId: _id.split('-')[0]! }));

describe('courseProgress', () => {
  it('counts read tutorials and finished projects per course and finds the first unread tutorial', () => {
    const courses = makeCourses([{ tutorials: 3, projects: 2 }, { tutorials: 2, projects: 1 }]);
    const [first, second] = courseProgress(courses, makeProfile({ readTutorial: read('c1-t1', 'c1-t3'), finishedProject: finished('c1-p2') }));
    expect(first).toMatchObject({ tutorialsRead: 2, projectsFinished: 1, nextTutorial: { _id: 'c1-t2' } });
    expect(second).toMatchObject({ tutorialsRead: 0, projectsFinished: 0, nextTutorial: { _id: 'c2-t1' } });
  });

  it('counts only what is still in the course: a deleted tutorial or project drops out', () => {
    const courses = makeCourses([{ tutorials: 1, projects: 1 }]);
    const [only] = courseProgress(courses, makeProfile({ readTutorial: read('c1-t1', 'c1-t9'), finishedProject: finished('c1-p7') }));
    expect(only).toMatchObject({ tutorialsRead: 1, projectsFinished: 0, nextTutorial: null });
  });
});

describe('enrolledCourses', () => {
  it('are the courses with a read tutorial or a finished project, in catalogue order', () => {
    const progress = courseProgress(makeCourses([{}, {}, {}]), makeProfile({ readTutorial: read('c3-t1'), finishedProject: finished('c2-p1') }));
    expect(enrolledCourses(progress).map(({ course }) => course._id)).toEqual(['c2', 'c3']);
  });
});

describe('topicProgress', () => {
  it('sums each of the five topics, zero where a topic has no courses', () => {
    const courses = makeCourses([
      { topic: 'sql', tutorials: 4, projects: 2 },
      { topic: 'sql', tutorials: 1, projects: 1 },
      { topic: 'rm', tutorials: 2, projects: 0 },
    ]);
    const topics = topicProgress(courseProgress(courses, makeProfile({ readTutorial: read('c1-t1', 'c2-t1', 'c3-t2'), finishedProject: finished('c2-p1') })));
    expect(topics.map((item) => item.topic)).toEqual(['beginner', 'rm', 'fo', 'nosql', 'sql']);
    expect(topics.find((item) => item.topic === 'sql')).toEqual({ topic: 'sql', tutorialsRead: 2, tutorialsTotal: 5, projectsFinished: 1, projectsTotal: 3 });
    expect(topics.find((item) => item.topic === 'rm')).toEqual({ topic: 'rm', tutorialsRead: 1, tutorialsTotal: 2, projectsFinished: 0, projectsTotal: 0 });
    expect(topics.find((item) => item.topic === 'fo')).toEqual({ topic: 'fo', tutorialsRead: 0, tutorialsTotal: 0, projectsFinished: 0, projectsTotal: 0 });
  });
});

describe('suggestedCourses', () => {
  it('are the first four of the catalogue when nothing is preferred', () => {
    const progress = courseProgress(makeCourses([{}, {}, {}, {}, {}, {}]), makeProfile({ skill: 'intermediate' }));
    // Every project is intermediate: all fit, none started, so catalogue order decides.
    expect(suggestedCourses(progress, 'intermediate').map((course) => course._id)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it("put not-started courses of the learner's level first, then other not-started ones, started ones last", () => {
    const courses = makeCourses([
      { difficulty: 'professional' },
      { difficulty: 'beginner' },
      { difficulty: 'professional' },
      { difficulty: 'beginner' },
      { difficulty: 'beginner' },
      { difficulty: 'professional' },
    ]);
    const progress = courseProgress(courses, makeProfile({ readTutorial: read('c2-t1') }));
    expect(suggestedCourses(progress, 'beginner').map((course) => course._id)).toEqual(['c4', 'c5', 'c1', 'c3']);
  });

  it('count Basic Concepts courses as fitting beginners', () => {
    const courses = makeCourses([{ topic: 'sql', difficulty: 'professional' }, { topic: 'beginner', projects: 0 }]);
    expect(suggestedCourses(courseProgress(courses, makeProfile()), 'beginner').map((course) => course._id)).toEqual(['c2', 'c1']);
  });
});

describe('stillInCatalogue', () => {
  it('keeps the finished projects a course still lists, in the order they were finished', () => {
    const progress = courseProgress(makeCourses([{ projects: 2 }, { projects: 1 }]), makeProfile());
    const kept = stillInCatalogue(finished('c2-p1', 'c1-p9', 'c1-p2', 'c7-p1'), progress);
    expect(kept.map((project) => project._id)).toEqual(['c2-p1', 'c1-p2']);
  });
});
