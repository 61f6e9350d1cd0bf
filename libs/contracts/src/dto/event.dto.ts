import { IsArray, IsIn, IsISO8601, IsMongoId, IsOptional, IsString, IsUUID } from 'class-validator';
import { DIFFICULTIES, type Difficulty, SKILLS, type Skill } from '../levels.js';
import { TOPICS, type Topic } from '../topics.js';
import { EVENT_SUBJECTS, type EventSubject } from '../messaging/events.js';
import { idRule } from './id-rule.js';

/**
 * The shape every consumer checks before its handler runs (libs/nest-common's consumer kit): an
 * event that does not fit is parked with these messages as the reason.
 */
export class DomainEventDto {
  @IsUUID('4', { message: 'eventId must be a UUID.' })
  eventId!: string;

  @IsISO8601({ strict: true }, { message: 'occurredAt must be an ISO 8601 time.' })
  occurredAt!: string;

  @IsMongoId(idRule('entityId'))
  entityId!: string;
}

export class UserRegisteredEventDto extends DomainEventDto {
  @IsString({ message: 'email must be text.' })
  email!: string;

  @IsIn(SKILLS, { message: `skill must be one of: ${SKILLS.join(', ')}.` })
  skill!: Skill;
}

export class ProjectUpdatedEventDto extends DomainEventDto {
  @IsString({ message: 'title must be text.' })
  title!: string;

  @IsIn(DIFFICULTIES, { message: `difficulty must be one of: ${DIFFICULTIES.join(', ')}.` })
  difficulty!: Difficulty;

  @IsOptional()
  @IsMongoId({ message: 'courseId must be a valid id or null.' })
  courseId!: string | null;
}

export class CourseItemDeletedEventDto extends DomainEventDto {
  @IsOptional()
  @IsMongoId({ message: 'courseId must be a valid id or null.' })
  courseId!: string | null;
}

export class InterviewUpdatedEventDto extends DomainEventDto {
  @IsIn(TOPICS, { message: `topic must be one of: ${TOPICS.join(', ')}.` })
  topic!: Topic;

  @IsString({ message: 'question must be text.' })
  question!: string;

  @IsString({ message: 'answer must be text.' })
  answer!: string;
}

export class CourseDeletedEventDto extends DomainEventDto {
  @IsArray({ message: 'tutorialIds must be a list.' })
  @IsMongoId({ each: true, message: 'tutorialIds must hold valid ids.' })
  tutorialIds!: string[];

  @IsArray({ message: 'projectIds must be a list.' })
  @IsMongoId({ each: true, message: 'projectIds must hold valid ids.' })
  projectIds!: string[];
}

/** The class that validates each subject's payload; subjects not listed get DomainEventDto. */
export const EVENT_DTOS: Partial<Record<EventSubject, new () => DomainEventDto>> = {
  [EVENT_SUBJECTS.userRegistered]: UserRegisteredEventDto,
  [EVENT_SUBJECTS.projectUpdated]: ProjectUpdatedEventDto,
  [EVENT_SUBJECTS.projectDeleted]: CourseItemDeletedEventDto,
  [EVENT_SUBJECTS.tutorialDeleted]: CourseItemDeletedEventDto,
  [EVENT_SUBJECTS.interviewCreated]: InterviewUpdatedEventDto,
  [EVENT_SUBJECTS.interviewUpdated]: InterviewUpdatedEventDto,
  [EVENT_SUBJECTS.courseDeleted]: CourseDeletedEventDto,
};
