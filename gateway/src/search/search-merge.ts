import { PAGE_SIZE, type SearchHit, type SearchKind, type SearchPage, SEARCH_KINDS, type ServiceSearch } from '@dblearn/contracts';

/** One service's part of a search: what it answered, or null when it did not (down, too slow). */
export interface SearchPart {
  kinds: readonly SearchKind[];
  answer: ServiceSearch | null;
}

/**
 * The services' ranked answers as one page: hits by score (a tie keeps the kinds' order), counts
 * added up, the kinds of the services that did not answer named in `missing`.
 */
export function mergeSearch(parts: readonly SearchPart[], kind: SearchKind | undefined, page: number): SearchPage {
  const hits: SearchHit[] = [];
  const counts: SearchPage['counts'] = {};
  const missing: SearchKind[] = [];
  for (const { kinds, answer } of parts) {
    if (!answer) {
      missing.push(...kinds.filter((each) => !kind || each === kind));
      continue;
    }
    hits.push(...answer.hits);
    for (const [each, count] of Object.entries(answer.counts) as [SearchKind, number][]) counts[each] = (counts[each] ?? 0) + count;
  }
  const order = (hit: SearchHit) => SEARCH_KINDS.indexOf(hit.kind);
  hits.sort((a, b) => b.score - a.score || order(a) - order(b));
  const total = kind ? (counts[kind] ?? 0) : Object.values(counts).reduce((sum, count) => sum + count, 0);
  const from = (page - 1) * PAGE_SIZE;
  return { items: hits.slice(from, from + PAGE_SIZE), total, counts, page, pageSize: PAGE_SIZE, missing: SEARCH_KINDS.filter((each) => missing.includes(each)) };
}
