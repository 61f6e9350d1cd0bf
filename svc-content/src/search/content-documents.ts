import { type Course, type InterviewQuestion, TOPIC_LABELS } from '@dblearn/contracts';
import type { SearchDocument } from '@dblearn/nest-common';

/** What a tutorial or project is searched by: its title, its blocks and (projects) its tasks. */
export interface ItemText {
  _id: unknown;
  title: string;
  contents?: { header?: string; detail?: string }[];
  checks?: { task?: string }[];
}

export function courseDocument(course: Course): SearchDocument {
  const entries = [...course.tutorials, ...course.projects].map((entry) => entry.title);
  return {
    id: course._id,
    kind: 'course',
    title: course.name,
    body: [`Taught by ${course.teacher}, ${course.length}.`, ...entries].join(' · '),
    topic: course.topic,
    location: TOPIC_LABELS[course.topic],
    courseId: course._id,
  };
}

/** A tutorial or project as its course lists it: found at "Topic › Course". */
export function itemDocument(kind: 'tutorial' | 'project', item: ItemText, course: Course): SearchDocument {
  const blocks = (item.contents ?? []).flatMap((block) => [block.header ?? '', block.detail ?? '']);
  const tasks = (item.checks ?? []).map((check) => check.task ?? '');
  return {
    id: String(item._id),
    kind,
    title: item.title,
    body: [...blocks, ...tasks].filter((text) => text.length > 0).join('\n'),
    topic: course.topic,
    location: `${TOPIC_LABELS[course.topic]} › ${course.name}`,
    courseId: course._id,
  };
}

export function interviewDocument(question: InterviewQuestion): SearchDocument {
  return {
    id: question._id,
    kind: 'interview',
    title: question.question,
    body: question.answer,
    topic: question.topic,
    location: `Interview › ${TOPIC_LABELS[question.topic]}`,
    courseId: null,
  };
}
