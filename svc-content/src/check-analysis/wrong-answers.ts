import type { CheckKind } from '@dblearn/contracts';
import { getSegments } from 'sql-highlight';

/** Candidate wrong answers kept per check (decision 0035): the top five shown come from these. */
export const WRONG_ANSWER_CANDIDATES = 50;
/** Learners remembered per candidate, so that one learner resending an answer counts once. */
export const RECENT_LEARNERS_PER_ANSWER = 16;
/** A normalized answer is kept to this length: two answers alike this far are one candidate. */
export const WRONG_ANSWER_MAX_CHARS = 2_000;

/** One candidate of a check's most common wrong answers. */
export interface WrongAnswerCandidate {
  /** The normalized answer. */
  answer: string;
  /** Distinct learners who sent it (an overestimate by at most `overestimate`). */
  learners: number;
  /** What it inherited from the candidate it evicted (Space-Saving); 0 while exact. */
  overestimate: number;
  /** Short hashes of the last learners who sent it, newest last. */
  recent: string[];
}

/** No space before these tokens, none after the opening ones: `count( * )` and `count(*)` agree. */
const NO_SPACE_BEFORE = new Set([',', ')', ';', '.']);
const NO_SPACE_AFTER = new Set(['(', '.']);

/**
 * A SQL answer in one canonical spelling: keywords and function names in upper case, whitespace
 * collapsed (none inside parentheses or before commas), comments and trailing semicolons dropped.
 * String literals and quoted identifiers are kept exactly as sent (the tokenizer, sql-highlight,
 * never reads into them), and so is every other identifier's case.
 */
export function normalizeSql(sql: string): string {
  const tokens: string[] = [];
  let spaced = false;
  for (const { name, content } of getSegments(sql)) {
    if (name === 'whitespace' || name === 'comment') {
      spaced = true;
      continue;
    }
    const text = name === 'keyword' || name === 'function' ? content.toUpperCase() : content;
    const previous = tokens.at(-1);
    if (previous !== undefined && spaced && !NO_SPACE_BEFORE.has(text) && !NO_SPACE_AFTER.has(previous)) tokens.push(' ');
    tokens.push(text);
    spaced = false;
  }
  while (tokens.length > 0 && (tokens.at(-1) === ';' || tokens.at(-1) === ' ')) tokens.pop();
  return tokens.join('');
}

/** A mongo query or a quiz answer: only whitespace outside string literals collapsed, trailing semicolons dropped. */
export function normalizeText(text: string): string {
  let out = '';
  let quote: string | null = null;
  let spaced = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      out += char;
      if (char === '\\' && index + 1 < text.length) out += text[++index];
      else if (char === quote) quote = null;
      continue;
    }
    if (/\s/.test(char)) {
      spaced = out.length > 0;
      continue;
    }
    if (spaced) out += ' ';
    spaced = false;
    if (char === '"' || char === "'" || char === '`') quote = char;
    out += char;
  }
  return out.replace(/[\s;]+$/, '');
}

/** The answer as the analysis counts it, cut to WRONG_ANSWER_MAX_CHARS. */
export function normalizeAnswer(kind: CheckKind | null, answer: string): string {
  const normalized = kind === 'query' || kind === 'state' || kind === null ? normalizeSql(answer) : normalizeText(answer);
  return normalized.slice(0, WRONG_ANSWER_MAX_CHARS);
}

/** A short stable hash of a learner's id (FNV-1a, 32 bits): enough to tell 16 recent learners apart. */
export function learnerTag(userId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index += 1) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Counts one learner's wrong answer into the candidates (Space-Saving, Metwally et al. 2005): a
 * known answer gains a learner unless that learner is among its recent senders; a new one takes a
 * free place, or else the place of the candidate with the fewest learners, starting from that count
 * (so it may overestimate by as much, recorded in `overestimate`). Any answer sent by more than
 * 1/WRONG_ANSWER_CANDIDATES of the learners is always among the candidates. Returns a new array.
 */
export function countWrongAnswer(candidates: readonly WrongAnswerCandidate[], answer: string, userId: string, limit = WRONG_ANSWER_CANDIDATES): WrongAnswerCandidate[] {
  const tag = learnerTag(userId);
  const next = candidates.map((candidate) => ({ ...candidate, recent: [...candidate.recent] }));
  const known = next.find((candidate) => candidate.answer === answer);
  if (known) {
    if (known.recent.includes(tag)) return next;
    known.learners += 1;
    known.recent = [...known.recent, tag].slice(-RECENT_LEARNERS_PER_ANSWER);
    return next;
  }
  if (next.length < limit) return [...next, { answer, learners: 1, overestimate: 0, recent: [tag] }];
  let smallest = 0;
  for (let index = 1; index < next.length; index += 1) if (next[index]!.learners < next[smallest]!.learners) smallest = index;
  const evicted = next[smallest]!;
  next[smallest] = { answer, learners: evicted.learners + 1, overestimate: evicted.learners, recent: [tag] };
  return next;
}

/**
 * The `count` candidates with the most learners certainly counted (learners − overestimate), most
 * first: a candidate that inherited a count never outranks one counted exactly. `learners` is that
 * lower bound; `approximate` says the true figure may be higher.
 */
export function topWrongAnswers(candidates: readonly WrongAnswerCandidate[], count = 5): { answer: string; learners: number; approximate: boolean }[] {
  return candidates
    .map(({ answer, learners, overestimate }) => ({ answer, learners: learners - overestimate, approximate: overestimate > 0 }))
    .sort((a, b) => b.learners - a.learners || Number(a.approximate) - Number(b.approximate) || a.answer.localeCompare(b.answer))
    .slice(0, count);
}
