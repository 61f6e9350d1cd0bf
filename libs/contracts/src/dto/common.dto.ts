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

/** A page of a list (CONTRACT "Conventions"): page from 1, pageSize 1–100. */
export class PageQueryDto {
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

/** Query of GET /course, /interview, /qna (CONTRACT "Conventions"). */
export class ListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(TOPICS, topicRule)
  topic?: Topic;
}

/** How GET /checks/analysis sorts (issue 34): learners who tried, pass rate, median attempts to pass, solutions revealed. */
export const CHECK_ANALYSIS_SORTS = ['tried', 'passRate', 'medianAttempts', 'reveals'] as const;
export type CheckAnalysisSort = (typeof CHECK_ANALYSIS_SORTS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;

/** Query of GET /checks/analysis: a page of every check's figures, sorted (default: most tried first). */
export class CheckAnalysisQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(CHECK_ANALYSIS_SORTS, { message: `sort must be one of: ${CHECK_ANALYSIS_SORTS.join(', ')}.` })
  sort?: CheckAnalysisSort;

  @IsOptional()
  @IsIn(SORT_ORDERS, { message: `order must be one of: ${SORT_ORDERS.join(', ')}.` })
  order?: (typeof SORT_ORDERS)[number];
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
