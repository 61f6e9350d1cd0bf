import type { ContentExport, ExportedCourse, InterviewQuestion, Topic } from '@dblearn/contracts';
import { INTERVIEW_DIFFICULTIES, TOPICS } from '@dblearn/contracts';

/** Issues 7 and 8: the bench measures lists with this much content loaded. */
export const BENCH_COURSES = 1_000;
export const BENCH_QUESTIONS = 10_000;

/** 2026-06-01T00:00:00Z: the time part of every bench id (after the demo content, so demo courses stay first). */
const BENCH_EPOCH_SECONDS = 1_780_272_000;

/**
 * A stable ObjectId per bench item: running the bench twice upserts the same documents instead of
 * adding more. `kind` keeps courses, tutorials, projects and questions apart.
 */
export function benchId(kind: 1 | 2 | 3 | 4, index: number): string {
  return (BENCH_EPOCH_SECONDS + index).toString(16).padStart(8, '0') + 'be0c' + kind.toString(16).padStart(4, '0') + index.toString(16).padStart(8, '0');
}

function topicOf(index: number): Topic {
  return TOPICS[index % TOPICS.length]!;
}

/** One import document with `courses` courses (one tutorial and one project each) and `questions` questions, topics in turn. */
export function benchContent(courses = BENCH_COURSES, questions = BENCH_QUESTIONS): Pick<ContentExport, 'courses' | 'interviewQuestions'> {
  const courseList: ExportedCourse[] = Array.from({ length: courses }, (_, i) => ({
    _id: benchId(1, i),
    topic: topicOf(i),
    name: `Bench course ${i + 1}`,
    teacher: 'Bench Teacher',
    length: `${(i % 9) + 1} hours`,
    tutorials: [{ _id: benchId(2, i), title: `Bench tutorial ${i + 1}`, contents: [{ _id: benchId(2, i + courses), header: 'A header', detail: 'SELECT 1;' }] }],
    projects: [{ _id: benchId(3, i), title: `Bench project ${i + 1}`, difficulty: 'beginner', contents: [] }],
  }));
  const questionList: InterviewQuestion[] = Array.from({ length: questions }, (_, i) => ({
    _id: benchId(4, i),
    topic: topicOf(i),
    question: `Bench question ${i + 1}: what does an index cost on writes?`,
    answer: 'Every insert, delete and update of an indexed column must also change the index.',
    difficulty: INTERVIEW_DIFFICULTIES[i % INTERVIEW_DIFFICULTIES.length]!,
  }));
  return { courses: courseList, interviewQuestions: questionList };
}
