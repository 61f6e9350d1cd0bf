import { SEARCH_LIMITS } from '@dblearn/contracts';

/** Words: letters and digits. SQL (`SELECT * FROM t`) and regex syntax (`.*(a|b)+`) leave only their words. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * English words too common to find anything by. SQL keywords that are also English (and, or, not,
 * in, on, by, as, is, all, any, some, from, into, with, where, when, then, having, do, for, like, null) are
 * kept: "GROUP BY", "IS NULL" and "WITH RECURSIVE" are what learners search.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an the of to at onto about this that these those it its i me my we our you your he she they them their there here what which who whom whose how why does did doing be been being was were am are has have had will would should could can may might must shall so than too very just also few more most other such only own same once'.split(
    ' ',
  ),
);

/** One word of a text and where it is: the snippet marks use the same words as the index. */
export interface WordAt {
  word: string;
  start: number;
  end: number;
}

export function* wordsOf(text: string): Generator<WordAt> {
  for (const match of text.matchAll(WORD)) yield { word: match[0].toLowerCase(), start: match.index, end: match.index + match[0].length };
}

/** The index's tokenizer and term processing (lower case, no stop words). */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const { word } of wordsOf(text)) if (!STOP_WORDS.has(word)) terms.push(word);
  return terms;
}

/** The words a query searches for: its first SEARCH_LIMITS.maxTerms words that are no stop words, once each. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const { word } of wordsOf(query.slice(0, SEARCH_LIMITS.query.max))) {
    if (STOP_WORDS.has(word)) continue;
    terms.add(word);
    if (terms.size === SEARCH_LIMITS.maxTerms) break;
  }
  return [...terms];
}

/**
 * A term and its one-swap variants ("joni" → "join", "ojni", "jnoi"): Levenshtein distance, which
 * MiniSearch's fuzzy search uses, counts a swap of two letters as two edits, the commonest typo.
 */
export function withSwaps(term: string): string[] {
  if (term.length < 4 || term.length > 12) return [term];
  const variants = new Set([term]);
  for (let i = 0; i + 1 < term.length; i += 1) {
    if (term[i] === term[i + 1]) continue;
    variants.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  return [...variants];
}
