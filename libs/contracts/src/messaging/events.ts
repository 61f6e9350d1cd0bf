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
  /** A new display name (issue 36): svc-community's kept names. */
  userRenamed: 'events.users.user.renamed',
  /** An account deleted or disabled: every gateway refuses its tokens at once (issue 30, Low 7); its posts show "deleted learner". */
  accountRemoved: 'events.users.account.removed',
  projectUpdated: 'events.content.project.updated',
  projectDeleted: 'events.content.project.deleted',
  interviewUpdated: 'events.content.interview.updated',
  interviewDeleted: 'events.content.interview.deleted',
  courseDeleted: 'events.content.course.deleted',
  /** For the other svc-content instances' read models: the course (or its lists) changed; read it by id. */
  courseUpdated: 'events.content.course.updated',
  tutorialDeleted: 'events.content.tutorial.deleted',
  interviewCreated: 'events.content.interview.created',
  /**
   * A counted attempt at a check (issue 34): a learner's first pass, or one of their first three
   * failures — exactly the attempts that already write progress, so the event rides on that write and
   * a repeat costs nothing. For the practice list, streaks and the authors' check analysis.
   */
  checkAttempted: 'events.content.check.attempted',
  /** A learner revealed a check's solution before passing it. */
  solutionShown: 'events.content.check.solution-shown',
  /** For every svc-content instance's practice read model: a check's tried/passed counts changed; read them by id. */
  practiceCounted: 'events.content.practice.counted',
  questionCreated: 'events.community.question.created',
  questionUpdated: 'events.community.question.updated',
  questionDeleted: 'events.community.question.deleted',
  questionReplied: 'events.community.question.replied',
  /** The question's accepted reply was set, changed or cleared (replyId null). */
  questionAccepted: 'events.community.question.accepted',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** The prefix every svc-community event shares (its instances listen to all of them). */
export const COMMUNITY_EVENTS_PREFIX = 'events.community.';

// The payloads are classes (server-only: class-validator) in dto/event.dto.ts; their types are
// re-exported here for code that only reads them. Type-only, so the browser's bundle holds none.
export type {
  AccountRemovedEvent,
  AdminChangedEvent,
  CheckAttemptedEvent,
  SolutionShownEvent,
  CourseDeletedEvent,
  CourseItemDeletedEvent,
  DomainEvent,
  EventPayloads,
  InterviewUpdatedEvent,
  ProjectUpdatedEvent,
  QuestionAcceptedEvent,
  QuestionChangedEvent,
  QuestionRepliedEvent,
  UserRegisteredEvent,
  UserRenamedEvent,
} from '../dto/event.dto.js';
