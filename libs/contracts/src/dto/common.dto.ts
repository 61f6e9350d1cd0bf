import { Type } from 'class-transformer';
import { IsIn, IsInt, IsMongoId, IsOptional, Max, Min } from 'class-validator';
import { LIST_PAGE_SIZE } from '../limits.js';
import { TOPICS, type Topic } from '../topics.js';
import { idRule, topicRule } from './id-rule.js';

/** A `:id`-style path parameter, and the `{ id }` body of attach/detach/mark calls. */
export class IdDto {
  @IsMongoId(idRule('id'))
  id!: string;
}

/** Query of GET /course, /interview, /qna (CONTRACT "Conventions"). */
export class ListQueryDto {
  @IsOptional()
  @IsIn(TOPICS, topicRule)
  topic?: Topic;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number.' })
  @Min(1, { message: 'page must be 1 or more.' })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageSize must be a whole number.' })
  @Min(LIST_PAGE_SIZE.min, { message: `pageSize must be ${LIST_PAGE_SIZE.min} to ${LIST_PAGE_SIZE.max}.` })
  @Max(LIST_PAGE_SIZE.max, { message: `pageSize must be ${LIST_PAGE_SIZE.min} to ${LIST_PAGE_SIZE.max}.` })
  pageSize?: number;
}

/**
 * The message of a route whose path names what it changes: the path's id beside the body the route
 * takes, never merged into it, so no DTO exists only to add an id. The service checks `id` with the
 * id rule and `body` with the body's own DTO (libs/nest-common's `PathIdAndBody`). A message with
 * no body (ids from the path and the token only) stays flat.
 */
export interface WithPathId<Body> {
  id: string;
  body: Body;
}
