import type { SearchHit, SearchKind, SearchMark, SearchSnippet, ServiceSearch } from '@dblearn/contracts';
import MiniSearch, { type SearchResult } from 'minisearch';
import { indexTerms, queryTerms, withSwaps, wordsOf } from './search-terms.js';

/** One findable thing: a title and a body (plain text), and what a hit says about where it lives. */
export interface SearchDocument {
  id: string;
  kind: SearchKind;
  title: string;
  body: string;
  location: string;
  courseId: string | null;
}

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
 * finds longer words it begins ("norm" → normalization), words of 4+ letters one edit away and one
 * swap of two letters away ("joni" → join). Each word is OR-ed; a title word weighs TITLE_BOOST.
 */
export class SearchIndex {
  private readonly documents = new Map<string, SearchDocument>();
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
    const old = this.documents.get(document.id);
    if (old && old.title === document.title && old.body === document.body && old.location === document.location && old.courseId === document.courseId) return;
    if (old) this.index.discard(document.id);
    this.index.add(document);
    this.documents.set(document.id, document);
  }

  remove(id: string): void {
    if (!this.documents.delete(id)) return;
    this.index.discard(id);
  }

  /** Every document at once (a start, a rebuild): what is not among them is dropped. */
  load(documents: Iterable<SearchDocument>): void {
    this.index.removeAll();
    this.documents.clear();
    for (const document of documents) this.put(document);
  }

  search(query: string, { kind, limit }: SearchOptions): ServiceSearch {
    const terms = queryTerms(query);
    if (terms.length === 0) return { hits: [], counts: {} };
    const results = this.index.search(
      { combineWith: 'OR', queries: terms.map((term) => ({ queries: withSwaps(term), combineWith: 'OR' })) },
      {
        boost: { title: TITLE_BOOST },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      },
    );
    const counts: Partial<Record<SearchKind, number>> = {};
    const hits: SearchHit[] = [];
    for (const result of results) {
      const resultKind = result.kind as SearchKind;
      counts[resultKind] = (counts[resultKind] ?? 0) + 1;
      if ((kind && resultKind !== kind) || hits.length >= limit) continue;
      const document = this.documents.get(String(result.id));
      if (document) hits.push(toHit(document, result));
    }
    return { hits, counts };
  }
}

function toHit(document: SearchDocument, result: SearchResult): SearchHit {
  const matched = new Set(result.terms);
  return {
    kind: document.kind,
    id: document.id,
    title: document.title,
    titleMarks: marksIn(document.title, matched, 0, document.title.length),
    snippet: snippetOf(document.body, matched),
    location: document.location,
    courseId: document.courseId,
    score: Math.round(result.score * 1000) / 1000,
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
