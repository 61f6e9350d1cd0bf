import type { IndexLanguage } from './languages.js';
import { failure, MAX_START_KEYS, parseKey, success, type Outcome } from './steps.js';

/** What a visualizer block asks for: its settings and the keys to start from, in order. */
export type StructureSettings =
  | { kind: 'btree'; order: number; keys: number[] }
  | { kind: 'hash-extendible'; capacity: number; keys: number[] }
  | { kind: 'hash-linear'; capacity: number; buckets: number; keys: number[] };

const SETTINGS: Record<IndexLanguage, { name: string; fallback: number }[]> = {
  btree: [{ name: 'order', fallback: 2 }],
  'hash-extendible': [{ name: 'capacity', fallback: 2 }],
  'hash-linear': [
    { name: 'capacity', fallback: 2 },
    { name: 'buckets', fallback: 2 },
  ],
};

/** Reads "1 2 3", "1, 2, 3" or a range "1..100" (each key in turn). */
export function parseKeys(text: string): Outcome<number[]> {
  const keys: number[] = [];
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d+)\.\.(\d+)$/.exec(token);
    if (range) {
      const from = parseKey(range[1]!);
      const to = parseKey(range[2]!);
      if (!from.ok) return from;
      if (!to.ok) return to;
      if (to.value < from.value) return failure(`The range ${token} runs backwards: write the smaller key first.`);
      if (keys.length + to.value - from.value + 1 > MAX_START_KEYS) return failure(`A block starts from ${MAX_START_KEYS.toLocaleString('en-US')} keys at most.`);
      for (let key = from.value; key <= to.value; key++) keys.push(key);
      continue;
    }
    const key = parseKey(token);
    if (!key.ok) return key;
    if (keys.length === MAX_START_KEYS) return failure(`A block starts from ${MAX_START_KEYS.toLocaleString('en-US')} keys at most.`);
    keys.push(key.value);
  }
  return success(keys);
}

/**
 * Reads a visualizer block: one `name: value` per line (`#` starts a comment), `keys:` for the starting keys, the other
 * names per kind (btree: order; hash-extendible: capacity; hash-linear: capacity, buckets). Ranges of
 * the numbers themselves are checked by the models.
 */
export function parseStructureBlock(kind: IndexLanguage, code: string): Outcome<StructureSettings> {
  const allowed = SETTINGS[kind];
  const values = new Map<string, number>(allowed.map(({ name, fallback }) => [name, fallback]));
  let keys: number[] = [];
  for (const written of code.split(/\r\n|\r|\n/)) {
    const line = written.replace(/#.*$/, '');
    if (line.trim() === '') continue;
    const setting = /^\s*([\w-]+)\s*:(.*)$/.exec(line);
    const name = setting?.[1]?.toLowerCase();
    const names = [...allowed.map((entry) => entry.name), 'keys'].map((entry) => `"${entry}:"`).join(', ');
    if (!setting || name === undefined || !(name === 'keys' || values.has(name))) return failure(`A ${kind} block understands lines starting with ${names}; "${line.trim().slice(0, 40)}" is not one.`);
    const value = setting[2]!.trim();
    if (name === 'keys') {
      const parsed = parseKeys(value);
      if (!parsed.ok) return parsed;
      keys = parsed.value;
    } else {
      if (!/^\d{1,3}$/.test(value)) return failure(`"${name}: ${value.slice(0, 20)}" needs a whole number.`);
      values.set(name, Number(value));
    }
  }
  const setting = (name: string): number => values.get(name)!;
  if (kind === 'btree') return success({ kind, order: setting('order'), keys });
  if (kind === 'hash-extendible') return success({ kind, capacity: setting('capacity'), keys });
  return success({ kind, capacity: setting('capacity'), buckets: setting('buckets'), keys });
}
