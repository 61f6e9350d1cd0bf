import { z } from 'zod';
import { SEARCH_KINDS } from '../search.js';
import { objectId, topic } from './fields.js';

// Issue 22, GET /api/search (CONTRACT "Search"): what the services answer over NATS and the gateway
// answers the browser. Highlights are character ranges, never markup: the client marks them.

const ranges = () =>
  z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .meta({ description: 'Matched words as [start, end) character offsets into the text, in order, never overlapping.', example: [[12, 16]] });

export const SearchSnippetAnswer = z
  .object({
    text: z.string().meta({ example: '…rows with a LEFT JOIN keep every row of the left table…', description: 'Plain text (may start or end with …); shown as text, never as HTML.' }),
    marks: ranges(),
  })
  .meta({ id: 'SearchSnippet' });

export const SearchHitAnswer = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    id: objectId(),
    title: z.string().meta({ example: 'Joins' }),
    titleMarks: ranges(),
    snippet: SearchSnippetAnswer,
    topic: topic(),
    location: z.string().meta({ example: 'SQL › Grouping, Aggregates and Views', description: 'Where it lives, as shown beside the title.' }),
    courseId: objectId().nullable().meta({ description: 'Tutorials and projects: the course whose page opens them; null otherwise.' }),
    score: z.number().meta({ description: 'Relevance, comparable across kinds: each query word adds up to 4 for a title match, 1 for a body match (less for a prefix or a typo); higher first.' }),
  })
  .meta({ id: 'SearchHit' });

const kindCounts = () =>
  z.partialRecord(z.enum(SEARCH_KINDS), z.number().int()).meta({ description: 'How many results each kind has in all (kinds without results are absent).', example: { tutorial: 4, qna: 12 } });

/** What each service answers on its `search` pattern. */
export const ServiceSearchAnswer = z
  .object({ hits: z.array(SearchHitAnswer).meta({ description: 'The best `limit` results, best first.' }), counts: kindCounts() })
  .meta({ id: 'ServiceSearch' });

export const SearchPageAnswer = z
  .object({
    items: z.array(SearchHitAnswer).meta({ description: 'This page, best first (PAGE_SIZE a page).' }),
    total: z.number().int().meta({ description: 'How many results in all (of the asked kind), as far as SEARCH_LIMITS.maxPage pages go.' }),
    counts: kindCounts(),
    page: z.number().int(),
    pageSize: z.number().int(),
    missing: z
      .array(z.enum(SEARCH_KINDS))
      .meta({ description: 'Kinds whose service did not answer in time: the results are without them (empty when all answered).', example: ['qna'] }),
  })
  .meta({ id: 'SearchPage' });
