import type { Difficulty, Skill } from '../levels.js';
import type { Topic } from '../topics.js';

/**
 * Domain events on NATS JetStream (DESIGN "Events"). One stream holds them all; each consumer is a
 * durable consumer named after the service, and every handler is idempotent on `eventId`.
 */
export const EVENTS_STREAM = 'DBLEARN_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events';

/** JetStream KV buckets of the consumer kit; keys start with the service's name (`users.<eventId>`). */
export const PROCESSED_EVENTS_BUCKET = 'dblearn_processed';
export const PARKED_EVENTS_BUCKET = 'dblearn_parked';

/** An operator's replay of a parked event reaches only that service's consumer on this prefix. */
export function replaySubjectPrefix(service: string): string {
  return `${EVENTS_SUBJECT_PREFIX}.replay.${service}.`;
}

export const EVENT_SUBJECTS = {
  userRegistered: 'events.users.user.registered',
  /** An account became an admin or stopped being one (grant-admin, the ADMIN_EMAIL bootstrap): the gateway's roster. */
  adminChanged: 'events.users.admin.changed',
  projectUpdated: 'events.content.project.updated',
  projectDeleted: 'events.content.project.deleted',
  interviewUpdated: 'events.content.interview.updated',
  interviewDeleted: 'events.content.interview.deleted',
  courseDeleted: 'events.content.course.deleted',
  /** For the other svc-content instances' read models: the course (or its lists) changed; read it by id. */
  courseUpdated: 'events.content.course.updated',
  tutorialDeleted: 'events.content.tutorial.deleted',
  interviewCreated: 'events.content.interview.created',
  questionCreated: 'events.community.question.created',
  questionUpdated: 'events.community.question.updated',
  questionDeleted: 'events.community.question.deleted',
  questionReplied: 'events.community.question.replied',
  /** The question's accepted reply was set, changed or cleared (replyId null). */
  questionAccepted: 'events.community.question.accepted',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** Every payload carries these: `eventId` for idempotency (also the JetStream message id). */
export interface DomainEvent {
  eventId: string;
  occurredAt: string;
  entityId: string;
}

export interface UserRegisteredEvent extends DomainEvent {
  email: string;
  skill: Skill;
}

/** `entityId` is the user; `isAdmin` the account's flag after the change. */
export interface AdminChangedEvent extends DomainEvent {
  isAdmin: boolean;
}

export interface ProjectUpdatedEvent extends DomainEvent {
  title: string;
  difficulty: Difficulty;
  /** The course it belongs to, or null when it belongs to none. */
  courseId: string | null;
}

/** A project or tutorial is gone; `courseId` is the course it belonged to (null for none). */
export interface CourseItemDeletedEvent extends DomainEvent {
  courseId: string | null;
}

export interface InterviewUpdatedEvent extends DomainEvent {
  topic: Topic;
  question: string;
  answer: string;
}

export interface CourseDeletedEvent extends DomainEvent {
  tutorialIds: string[];
  projectIds: string[];
}

export type EntityDeletedEvent = DomainEvent;
/** Only the id: whoever cares reads the entity again. */
export type EntityChangedEvent = DomainEvent;

/** events.community.question.*: the question's id (entityId) and its topic, so a consumer can tell which lists moved. */
export interface QuestionChangedEvent extends DomainEvent {
  topic: Topic;
}

export interface QuestionRepliedEvent extends QuestionChangedEvent {
  replyId: string;
}

/** `replyId` is the accepted reply after the change, null when it was cleared. */
export interface QuestionAcceptedEvent extends QuestionChangedEvent {
  replyId: string | null;
}

/** The prefix every svc-community event shares (its instances listen to all of them). */
export const COMMUNITY_EVENTS_PREFIX = 'events.community.';

export interface EventPayloads {
  [EVENT_SUBJECTS.userRegistered]: UserRegisteredEvent;
  [EVENT_SUBJECTS.adminChanged]: AdminChangedEvent;
  [EVENT_SUBJECTS.projectUpdated]: ProjectUpdatedEvent;
  [EVENT_SUBJECTS.projectDeleted]: CourseItemDeletedEvent;
  [EVENT_SUBJECTS.tutorialDeleted]: CourseItemDeletedEvent;
  [EVENT_SUBJECTS.courseUpdated]: EntityChangedEvent;
  [EVENT_SUBJECTS.interviewCreated]: InterviewUpdatedEvent;
  [EVENT_SUBJECTS.interviewUpdated]: InterviewUpdatedEvent;
  [EVENT_SUBJECTS.interviewDeleted]: EntityDeletedEvent;
  [EVENT_SUBJECTS.courseDeleted]: CourseDeletedEvent;
  [EVENT_SUBJECTS.questionCreated]: QuestionChangedEvent;
  [EVENT_SUBJECTS.questionUpdated]: QuestionChangedEvent;
  [EVENT_SUBJECTS.questionDeleted]: QuestionChangedEvent;
  [EVENT_SUBJECTS.questionReplied]: QuestionRepliedEvent;
  [EVENT_SUBJECTS.questionAccepted]: QuestionAcceptedEvent;
}
