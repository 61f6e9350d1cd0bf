import { IsArray, IsBoolean, IsIn, IsISO8601, IsMongoId, IsOptional, IsString, IsUUID, ValidateIf } from 'class-validator';
import { DIFFICULTIES, type Difficulty, SKILLS, type Skill } from '../levels.js';
import { TOPICS, type Topic } from '../topics.js';
import { EVENT_SUBJECTS, type EventSubject } from '../messaging/events.js';
import { idRule, topicRule } from './id-rule.js';

/**
 * The payload of every domain event, declared once: each class is both the payload's type (producers'
 * `domainEvent`, consumers' `@EventHandler`) and the shape every consumer checks before its handler
 * runs (libs/nest-common's consumer kit) — an event that does not fit is parked with these messages.
 * `eventId` is for idempotency (also the JetStream message id).
 */
export class DomainEvent {
  @IsUUID('4', { message: 'eventId must be a UUID.' })
  eventId!: string;

  @IsISO8601({ strict: true }, { message: 'occurredAt must be an ISO 8601 time.' })
  occurredAt!: string;

  @IsMongoId(idRule('entityId'))
  entityId!: string;
}

export class UserRegisteredEvent extends DomainEvent {
  @IsString({ message: 'email must be text.' })
  email!: string;

  @IsIn(SKILLS, { message: `skill must be one of: ${SKILLS.join(', ')}.` })
  skill!: Skill;
}

/** `entityId` is the user; `isAdmin` the account's flag after the change. */
export class AdminChangedEvent extends DomainEvent {
  @IsBoolean({ message: 'isAdmin must be true or false.' })
  isAdmin!: boolean;
}

export class ProjectUpdatedEvent extends DomainEvent {
  @IsString({ message: 'title must be text.' })
  title!: string;

  @IsIn(DIFFICULTIES, { message: `difficulty must be one of: ${DIFFICULTIES.join(', ')}.` })
  difficulty!: Difficulty;

  /** The course it belongs to, or null when it belongs to none. */
  @IsOptional()
  @IsMongoId({ message: 'courseId must be a valid id or null.' })
  courseId!: string | null;
}

/** A project or tutorial is gone; `courseId` is the course it belonged to (null for none). */
export class CourseItemDeletedEvent extends DomainEvent {
  @IsOptional()
  @IsMongoId({ message: 'courseId must be a valid id or null.' })
  courseId!: string | null;
}

export class InterviewUpdatedEvent extends DomainEvent {
  @IsIn(TOPICS, topicRule)
  topic!: Topic;

  @IsString({ message: 'question must be text.' })
  question!: string;

  @IsString({ message: 'answer must be text.' })
  answer!: string;
}

export class CourseDeletedEvent extends DomainEvent {
  @IsArray({ message: 'tutorialIds must be a list.' })
  @IsMongoId({ each: true, message: 'tutorialIds must hold valid ids.' })
  tutorialIds!: string[];

  @IsArray({ message: 'projectIds must be a list.' })
  @IsMongoId({ each: true, message: 'projectIds must hold valid ids.' })
  projectIds!: string[];
}

/** events.community.question.*: the question's id (entityId) and its topic, so a consumer can tell which lists moved. */
export class QuestionChangedEvent extends DomainEvent {
  @IsIn(TOPICS, topicRule)
  topic!: Topic;
}

export class QuestionRepliedEvent extends QuestionChangedEvent {
  @IsMongoId(idRule('replyId'))
  replyId!: string;
}

/** `replyId` is the accepted reply after the change, null when it was cleared. */
export class QuestionAcceptedEvent extends QuestionChangedEvent {
  @ValidateIf((_event, value) => value !== null)
  @IsMongoId(idRule('replyId'))
  replyId!: string | null;
}

/**
 * Each subject's payload class: the only place besides EVENT_SUBJECTS that names an event.
 * `satisfies` makes a subject without a class a type error.
 */
export const EVENT_PAYLOADS = {
  [EVENT_SUBJECTS.userRegistered]: UserRegisteredEvent,
  [EVENT_SUBJECTS.adminChanged]: AdminChangedEvent,
  [EVENT_SUBJECTS.projectUpdated]: ProjectUpdatedEvent,
  [EVENT_SUBJECTS.projectDeleted]: CourseItemDeletedEvent,
  [EVENT_SUBJECTS.tutorialDeleted]: CourseItemDeletedEvent,
  /** Only the id: whoever cares reads the course again. */
  [EVENT_SUBJECTS.courseUpdated]: DomainEvent,
  [EVENT_SUBJECTS.interviewCreated]: InterviewUpdatedEvent,
  [EVENT_SUBJECTS.interviewUpdated]: InterviewUpdatedEvent,
  [EVENT_SUBJECTS.interviewDeleted]: DomainEvent,
  [EVENT_SUBJECTS.courseDeleted]: CourseDeletedEvent,
  [EVENT_SUBJECTS.questionCreated]: QuestionChangedEvent,
  [EVENT_SUBJECTS.questionUpdated]: QuestionChangedEvent,
  [EVENT_SUBJECTS.questionDeleted]: QuestionChangedEvent,
  [EVENT_SUBJECTS.questionReplied]: QuestionRepliedEvent,
  [EVENT_SUBJECTS.questionAccepted]: QuestionAcceptedEvent,
} as const satisfies Record<EventSubject, new () => DomainEvent>;

/** Each subject's payload type, from its class. */
export type EventPayloads = { [S in EventSubject]: InstanceType<(typeof EVENT_PAYLOADS)[S]> };
