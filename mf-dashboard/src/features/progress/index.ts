// What /profile and /hub share: the learner's progress, computed from GET /users/me and GET /course.
export { ProgressGate } from './components/progress-gate.js';
export { enrolledCourses, stillInCatalogue, suggestedCourses, topicProgress, type CourseProgress, type TopicProgress } from './lib/progress.js';
