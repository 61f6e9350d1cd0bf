import { SEARCH_KINDS, type SearchHit, type SearchKind, type SearchMark, type SearchSnippet, type ServiceSearch, type Topic } from '@dblearn/contracts';
import MiniSearch, { type SearchResult } from 'minisearch';
import { indexTerms, queryTerms, withSwaps, wordsOf } from './search-terms.js';

/** One findable thing: a title and a body (plain text), and what a hit says about where it lives. */
export interface SearchDocument {
  id: string;
  kind: SearchKind;
  title: string;
  body: string;
  topic: Topic;
  location: string;
  courseId: string | null;
}

/** A full load adds this many documents, then lets the service answer calls before it goes on. */
const LOAD_CHUNK = 1_000;

/**
 * A word in more documents than this (and than COMMON_SHARE of them) is too common to rank by:
 * MiniSearch scores every document a word matches, ~300 ms for 100,000 on this machine, on the
 * service's one thread. A query of such words only is answered by a bounded walk instead (newest
 * first, title matches first), and beside a rarer word such a word is left out of the ranking.
 */
const COMMON_MIN_DOCUMENTS = 2_000;
const COMMON_SHARE = 0.05;
/** The most documents the walk for a query of common words reads. */
const COMMON_WALK = 20_000;

/** A title word weighs this many body words: a title match ranks above a body match. */
const TITLE_BOOST = 4;
/** Characters of body a snippet shows, and how many of them come before the first match. */
const SNIPPET_CHARS = 180;
const SNIPPET_LEAD = 50;

export interface SearchOptions {
  kind?: SearchKind;
  /** The best `limit` hits. */
  limit: number;
}

/**
 * A service's full-text index (issue 22, decision 0012): MiniSearch in memory, one document per
 * findable item, replaced whole when the item changes. Forgiving: every word of 3+ letters also
 * finds longer words it begins ("norm" → normalization), words of 5+ letters one edit away (8+: two)
 * and words of 4+ letters one swap of two neighbours away ("joni" → join). Each word is OR-ed; a title word weighs TITLE_BOOST.
 */
export class SearchIndex {
  private readonly documents = new Map<string, SearchDocument>();
  /** The documents newest first, for the walk; rebuilt on the first walk after a change. */
  private newestFirst: SearchDocument[] | null = null;
  /** How many documents of each kind hold each word (`kind word` → count), to tell the common words. */
  private readonly documentsWith = new Map<string, number>();
  /** Grows with every full load: an older load still under way stops. */
  private loads = 0;
  /** During a full load: the ids written meanwhile, which the load must not set back. */
  private touchedDuringLoad: Set<string> | null = null;
  private readonly index = new MiniSearch<SearchDocument>({
    fields: ['title', 'body'],
    storeFields: ['kind'],
    tokenize: indexTerms,
    // Terms arrive processed (indexTerms, queryTerms); MiniSearch must not process them again.
    processTerm: (term) => term,
    searchOptions: { tokenize: (query) => query.split(' ') },
  });

  get size(): number {
    return this.documents.size;
  }

  get(id: string): SearchDocument | undefined {
    return this.documents.get(id);
  }

  ids(): IterableIterator<string> {
    return this.documents.keys();
  }

  /** Adds the document, or replaces the one with its id. */
  put(document: SearchDocument): void {
    this.touchedDuringLoad?.add(document.id);
    this.putNow(document);
  }

  private putNow(document: SearchDocument): void {
    const old = this.documents.get(document.id);
    if (old && old.title === document.title && old.body === document.body && old.location === document.location && old.topic === document.topic && old.courseId === document.courseId) return;
    if (old) {
      this.index.discard(document.id);
      this.count(old, -1);
    }
    this.index.add(document);
    this.documents.set(document.id, document);
    this.count(document, 1);
  }

  private count(document: SearchDocument, by: 1 | -1): void {
    this.newestFirst = null;
    for (const word of new Set(indexTerms(`${document.title} ${document.body}`))) {
      const key = `${document.kind} ${word}`;
      const count = (this.documentsWith.get(key) ?? 0) + by;
      if (count > 0) this.documentsWith.set(key, count);
      else this.documentsWith.delete(key);
    }
  }

  /** How many documents hold the word as a whole word, by kind. */
  private holding(word: string): Partial<Record<SearchKind, number>> {
    const counts: Partial<Record<SearchKind, number>> = {};
    for (const kind of SEARCH_KINDS) {
      const count = this.documentsWith.get(`${kind} ${word}`);
      if (count) counts[kind] = count;
    }
    return counts;
  }

  private isCommon(word: string): boolean {
    const total = Object.values(this.holding(word)).reduce((sum, count) => sum + count, 0);
    return total > Math.max(COMMON_MIN_DOCUMENTS, COMMON_SHARE * this.documents.size);
  }

  remove(id: string): void {
    this.touchedDuringLoad?.add(id);
    const old = this.documents.get(id);
    if (!old) return;
    this.documents.delete(id);
    this.index.discard(id);
    this.count(old, -1);
  }

  /**
   * Every document at once (a start, a reload): what is not among them is dropped. LOAD_CHUNK at a
   * time, yielding between chunks, so that 100,000 threads do not hold the service's start up (what
   * is not indexed yet is not found for those seconds); unchanged documents cost a comparison. A put
   * or remove meanwhile wins over the load. Resolves once done (at once for one chunk).
   */
  async load(documents: Iterable<SearchDocument>): Promise<void> {
    const load = ++this.loads;
    const touched = new Set<string>();
    this.touchedDuringLoad = touched;
    const all = [...documents];
    const keep = new Set(all.map((document) => document.id));
    for (let from = 0; from < all.length; from += LOAD_CHUNK) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.loads !== load) return;
      for (const document of all.slice(from, from + LOAD_CHUNK)) if (!touched.has(document.id)) this.putNow(document);
    }
    for (const id of [...this.documents.keys()]) if (!keep.has(id) && !touched.has(id)) this.remove(id);
    this.touchedDuringLoad = null;
  }

  search(query: string, { kind, limit }: SearchOptions): ServiceSearch {
    const words = queryTerms(query);
    if (words.length === 0) return { hits: [], counts: {} };
    const rare = words.filter((word) => !this.isCommon(word));
    if (rare.length === 0) return this.walk(words, { kind, limit });
    const terms = rare;
    const typed = new Set(terms);
    const results = this.index.search(
      { combineWith: 'OR', queries: terms.map((term) => ({ queries: withSwaps(term), combineWith: 'OR' })) },
      {
        boost: { title: TITLE_BOOST },
        prefix: (term) => term.length >= 3,
        // Only the words as typed: a swap variant is already the typo, and each fuzzy walk costs.
        fuzzy: (term) => (typed.has(term) ? maxEdits(term) : false),
      },
    );
    const counts: Partial<Record<SearchKind, number>> = {};
    const top = results[0]?.score ?? 1;
    const relevance = relevanceFor(terms);
    const ranked: { result: SearchResult; score: number }[] = [];
    for (const result of results) {
      const resultKind = result.kind as SearchKind;
      counts[resultKind] = (counts[resultKind] ?? 0) + 1;
      if (!kind || resultKind === kind) ranked.push({ result, score: relevance(result, top) });
    }
    ranked.sort((a, b) => b.score - a.score);
    const hits: SearchHit[] = [];
    for (const { result, score } of ranked.slice(0, limit)) {
      const document = this.documents.get(String(result.id));
      if (document) hits.push(toHit(document, new Set(result.terms), score));
    }
    return { hits, counts };
  }

  /**
   * A query of common words only: the newest documents that hold every word, those with all of them
   * in the title first, reading at most COMMON_WALK documents. Counts are the documents holding the
   * rarest of the words (an upper bound when there are several).
   */
  private walk(words: readonly string[], { kind, limit }: SearchOptions): ServiceSearch {
    const rarest = words.map((word) => this.holding(word)).reduce((best, counts) => (total(counts) < total(best) ? counts : best));
    const inTitle: SearchDocument[] = [];
    const inBody: SearchDocument[] = [];
    this.newestFirst ??= [...this.documents.values()].reverse();
    const documents = this.newestFirst;
    for (let at = 0; at < documents.length && at < COMMON_WALK && inTitle.length < limit; at += 1) {
      const document = documents[at]!;
      if (kind && document.kind !== kind) continue;
      const title = new Set(indexTerms(document.title));
      if (words.every((word) => title.has(word))) inTitle.push(document);
      else if (inBody.length < limit && words.every((word) => title.has(word) || indexTerms(document.body).includes(word))) inBody.push(document);
    }
    const matched = new Set(words);
    const hits = [...inTitle, ...inBody].slice(0, limit).map((document, place) => toHit(document, matched, words.length * TITLE_BOOST - place / (limit + 1)));
    return { hits, counts: rarest };
  }
}

function total(counts: Partial<Record<SearchKind, number>>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/**
 * A score that means the same in every service's index, so that the gateway can merge them: BM25
 * (MiniSearch's score) depends on how many documents an index holds, and a forum of one question
 * would sink under the curriculum. Each query word counts by how well it matched (the word itself 1,
 * a longer word it begins 0.8, a swap 0.75 and its longer words 0.6, a typo 0.5) and where (title TITLE_BOOST, body 1);
 * MiniSearch's own order only breaks ties (up to 0.5).
 */
function relevanceFor(terms: readonly string[]): (result: SearchResult, top: number) => number {
  // A query's results share few distinct matched words: each word's closeness is worked out once.
  const known = new Map<string, number[]>();
  const closenessOf = (matched: string): number[] => {
    let values = known.get(matched);
    if (!values) {
      values = terms.map((term) => closeness(term, matched));
      known.set(matched, values);
    }
    return values;
  };
  return (result, top) => {
    const best = terms.map(() => 0);
    for (const matched in result.match) {
      const boost = result.match[matched]!.includes('title') ? TITLE_BOOST : 1;
      const values = closenessOf(matched);
      for (let at = 0; at < values.length; at += 1) best[at] = Math.max(best[at]!, values[at]! * boost);
    }
    return best.reduce((sum, value) => sum + value, 0) + 0.5 * Math.min(1, result.score / top);
  };
}

function closeness(term: string, matched: string): number {
  let best = 0;
  // The word as typed counts fully; a one-swap variant of it ("jion" → join) three quarters.
  for (const variant of withSwaps(term)) {
    const typed = variant === term ? 1 : 0.75;
    if (matched === variant) best = Math.max(best, typed);
    else if (variant.length >= 3 && matched.startsWith(variant)) best = Math.max(best, 0.8 * typed);
  }
  if (best > 0) return best;
  return withinEdits(term, matched, maxEdits(term)) ? 0.5 : 0;
}

/** Typos forgiven in a word as typed: none under 5 letters (swaps cover "joni"), one, two from 8. */
function maxEdits(term: string): number {
  return term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0;
}

/** Levenshtein distance at most `max` (rows cut short once every cell passes it). */
function withinEdits(a: string, b: string, max: number): boolean {
  if (max === 0 || Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    if (Math.min(...row) > max) return false;
    previous = row;
  }
  return previous[b.length]! <= max;
}

function toHit(document: SearchDocument, matched: ReadonlySet<string>, score: number): SearchHit {
  return {
    kind: document.kind,
    id: document.id,
    title: document.title,
    titleMarks: marksIn(document.title, matched, 0, document.title.length),
    snippet: snippetOf(document.body, matched),
    topic: document.topic,
    location: document.location,
    courseId: document.courseId,
    score: Math.round(score * 1000) / 1000,
  };
}

/** The words of text[from, to) that are among the matched terms, as ranges relative to `from`. */
function marksIn(text: string, matched: ReadonlySet<string>, from: number, to: number): SearchMark[] {
  const marks: SearchMark[] = [];
  for (const { word, start, end } of wordsOf(text.slice(from, to))) if (matched.has(word)) marks.push([start, end]);
  return marks;
}

/** About SNIPPET_CHARS of the body around its first matched word (the start when none), cut at spaces. */
export function snippetOf(body: string, matched: ReadonlySet<string>): SearchSnippet {
  let first = 0;
  for (const { word, start } of wordsOf(body)) {
    if (matched.has(word)) {
      first = start;
      break;
    }
  }
  let from = Math.max(0, first - SNIPPET_LEAD);
  if (from > 0) {
    const space = body.indexOf(' ', from);
    from = space >= 0 && space < first ? space + 1 : from;
  }
  let to = Math.min(body.length, from + SNIPPET_CHARS);
  if (to < body.length) {
    const space = body.lastIndexOf(' ', to);
    to = space > first ? space : to;
  }
  const lead = from > 0 ? '…' : '';
  const text = `${lead}${body.slice(from, to).replace(/\s+/g, ' ')}${to < body.length ? '…' : ''}`;
  // Marks are found on the text as shown (whitespace folded), so the offsets fit what the client gets.
  return { text, marks: marksIn(text, matched, 0, text.length) };
}
