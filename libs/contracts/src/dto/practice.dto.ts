import { IsIn, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { PRACTICE_DIFFICULTIES, PRACTICE_KINDS, PRACTICE_SEARCH_MAX, PRACTICE_SORTS, PRACTICE_STATUSES, type PracticeSort, type PracticeStatus } from '../practice.js';
import type { CheckDifficulty, CheckKind } from '../content.js';
import { ListQueryDto } from './common.dto.js';
import { idRule } from './id-rule.js';

const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of: ${values.join(', ')}.` });

/** Query of GET /practice (issue 34): filters, a sort, a search and paging; `topic`, `page`, `pageSize` as every list. */
export class PracticeQueryDto extends ListQueryDto {
  @IsOptional()
  @IsMongoId(idRule('course'))
  course?: string;

  @IsOptional()
  @IsIn(PRACTICE_KINDS, oneOf('kind', PRACTICE_KINDS))
  kind?: CheckKind;

  @IsOptional()
  @IsIn(PRACTICE_DIFFICULTIES, oneOf('difficulty', PRACTICE_DIFFICULTIES))
  difficulty?: CheckDifficulty;

  @IsOptional()
  @IsIn(PRACTICE_STATUSES, oneOf('status', PRACTICE_STATUSES))
  status?: PracticeStatus;

  @IsOptional()
  @IsIn(PRACTICE_SORTS, oneOf('sort', PRACTICE_SORTS))
  sort?: PracticeSort;

  /** Words looked for in the task and the project's title, letter case ignored. */
  @IsOptional()
  @IsString({ message: 'q must be text.' })
  @MaxLength(PRACTICE_SEARCH_MAX, { message: `q must be at most ${PRACTICE_SEARCH_MAX} characters.` })
  q?: string;
}

/** content.practice.list: the query and whose status to show. */
export class PracticeListRequestDto extends PracticeQueryDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** Query of GET /practice/next. */
export class PracticeNextQueryDto {
  @IsMongoId(idRule('after'))
  after!: string;
}

/** content.practice.next */
export class PracticeNextRequestDto extends PracticeNextQueryDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}

/** content.practice.solved */
export class PracticeSolvedRequestDto {
  @IsMongoId(idRule('userId'))
  userId!: string;
}
