/**
 * Domain events on NATS JetStream (DESIGN "Events"). One stream holds them all; each consumer is a
 * durable consumer named after the service, and every handler is idempotent on `eventId`.
 */
import type * as payloads from '../dto/event.dto.js';

export const EVENTS_STREAM = 'DBLEARN_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events';

/** JetStream KV buckets of the consumer kit; keys start with the service's name (`users.<eventId>`). */
export const PROCESSED_EVENTS_BUCKET = 'dblearn_processed';
export const PARKED_EVENTS_BUCKET = 'dblearn_parked';

/** An operator's replay of a parked event reaches only that service's consumer on this prefix. */
export function replaySubjectPrefix(service: string): string {
  return `${EVENTS_SUBJECT_PREFIX}.replay.${service}.`;
}

/** The classes of dto/event.dto.ts that are event payloads. */
type PayloadClassName = { [Name in keyof typeof payloads]: (typeof payloads)[Name] extends new () => payloads.DomainEvent ? Name : never }[keyof typeof payloads];

/**
 * Every domain event, declared once: its name (`EVENT_SUBJECTS.<name>`), its subject
 * (`events.<service>.<entity>.<verb>`) and the name of its payload class in dto/event.dto.ts. The
 * class is named, not imported: it is server-only (class-validator) and this file is not. A name that
 * is no payload class does not compile; dto/event-payloads.ts derives EVENT_PAYLOADS from it.
 */
export const EVENTS = {
  userRegistered: { subject: 'events.users.user.registered', payload: 'UserRegisteredEvent' },
  /** An account became an admin or stopped being one (grant-admin, the ADMIN_EMAIL bootstrap): the gateway's roster. */
  adminChanged: { subject: 'events.users.admin.changed', payload: 'AdminChangedEvent' },
  /** A new display name (issue 36): svc-community's kept names. */
  userRenamed: { subject: 'events.users.user.renamed', payload: 'UserRenamedEvent' },
  /** An account deleted or disabled: every gateway refuses its tokens at once (issue 30, Low 7); its posts show "deleted learner". */
  accountRemoved: { subject: 'events.users.account.removed', payload: 'AccountRemovedEvent' },
  projectUpdated: { subject: 'events.content.project.updated', payload: 'ProjectUpdatedEvent' },
  projectDeleted: { subject: 'events.content.project.deleted', payload: 'CourseItemDeletedEvent' },
  interviewUpdated: { subject: 'events.content.interview.updated', payload: 'InterviewUpdatedEvent' },
  interviewDeleted: { subject: 'events.content.interview.deleted', payload: 'DomainEvent' },
  courseDeleted: { subject: 'events.content.course.deleted', payload: 'CourseDeletedEvent' },
  /** For the other svc-content instances' read models: the course (or its lists) changed; read it by id. */
  courseUpdated: { subject: 'events.content.course.updated', payload: 'DomainEvent' },
  tutorialDeleted: { subject: 'events.content.tutorial.deleted', payload: 'CourseItemDeletedEvent' },
  interviewCreated: { subject: 'events.content.interview.created', payload: 'InterviewUpdatedEvent' },
  /**
   * A counted attempt at a check (issue 34): a learner's first pass, or one of their first three
   * failures — exactly the attempts that already write progress, so the event rides on that write and
   * a repeat costs nothing. For the practice list, streaks and the authors' check analysis.
   */
  checkAttempted: { subject: 'events.content.check.attempted', payload: 'CheckAttemptedEvent' },
  /** A learner revealed a check's solution before passing it. */
  solutionShown: { subject: 'events.content.check.solution-shown', payload: 'SolutionShownEvent' },
  /** For every svc-content instance's practice read model: a check's tried/passed counts changed; read them by id. */
  practiceCounted: { subject: 'events.content.practice.counted', payload: 'DomainEvent' },
  questionCreated: { subject: 'events.community.question.created', payload: 'QuestionChangedEvent' },
  questionUpdated: { subject: 'events.community.question.updated', payload: 'QuestionChangedEvent' },
  questionDeleted: { subject: 'events.community.question.deleted', payload: 'QuestionChangedEvent' },
  questionReplied: { subject: 'events.community.question.replied', payload: 'QuestionRepliedEvent' },
  /** The question's accepted reply was set, changed or cleared (replyId null). */
  questionAccepted: { subject: 'events.community.question.accepted', payload: 'QuestionAcceptedEvent' },
} as const satisfies Record<string, { subject: `${typeof EVENTS_SUBJECT_PREFIX}.${string}`; payload: PayloadClassName }>;
type Events = typeof EVENTS;

/** Each event's subject by name (`EVENT_SUBJECTS.questionAccepted`), as string literal types. */
export const EVENT_SUBJECTS = Object.fromEntries(Object.entries(EVENTS).map(([name, event]) => [name, event.subject])) as {
  readonly [Name in keyof Events]: Events[Name]['subject'];
};
export type EventSubject = Events[keyof Events]['subject'];

/** Each subject's payload type, from its class. */
export type EventPayloads = { [Name in keyof Events as Events[Name]['subject']]: InstanceType<(typeof payloads)[Events[Name]['payload']]> };

/** The prefix every svc-community event shares (its instances listen to all of them). */
export const COMMUNITY_EVENTS_PREFIX = 'events.community.';

// The payload classes' types, for code that only reads them: type-only, no entry per class.
export type * from '../dto/event.dto.js';
