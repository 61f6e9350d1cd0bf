import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { PAGE_SIZE, SEARCH_LIMITS } from '../limits.js';
import { SEARCH_KINDS, type SearchKind } from '../search.js';

const queryLength = `q must be ${SEARCH_LIMITS.query.min} to ${SEARCH_LIMITS.query.max} characters long (spaces at either end do not count).`;
const kindMessage = `kind must be one of: ${SEARCH_KINDS.join(', ')}.`;

/** Trimmed text; anything else is left for IsString to refuse. */
const trimmed = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** What is searched for, in the HTTP query and in the request to each service. */
abstract class SearchTermsDto {
  @Transform(trimmed)
  @IsString({ message: 'q must be text.' })
  @Length(SEARCH_LIMITS.query.min, SEARCH_LIMITS.query.max, { message: queryLength })
  q!: string;

  @IsOptional()
  @IsIn(SEARCH_KINDS, { message: kindMessage })
  kind?: SearchKind;
}

/** Query of GET /api/search (CONTRACT "Search"). */
export class SearchQueryDto extends SearchTermsDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number.' })
  @Min(1, { message: 'page must be 1 or more.' })
  @Max(SEARCH_LIMITS.maxPage, { message: `page must be at most ${SEARCH_LIMITS.maxPage}.` })
  page?: number;
}

/** What the gateway asks each service (`content.search`, `community.search`). */
export class SearchRequestDto extends SearchTermsDto {
  /** The best `limit` hits are answered (page × PAGE_SIZE). */
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number.' })
  @Min(1, { message: 'limit must be 1 or more.' })
  @Max(SEARCH_LIMITS.maxPage * PAGE_SIZE, { message: `limit must be at most ${SEARCH_LIMITS.maxPage * PAGE_SIZE}.` })
  limit!: number;
}
