import { ANIMATION_LIMIT, buildFrom, onCopy, checkSetting, keyList, StepLog, success, type Operation, type Outcome } from './steps.js';

/**
 * Linear hashing as in Ramakrishnan & Gehrke (3rd ed., §11.3): N buckets to start, h_level(k) =
 * k mod (N · 2^level). A key goes to bucket h_level(k), or to h_level+1(k) when that bucket is below
 * Next (it has been split this round). Split policy: an insert that has to open a new overflow page
 * splits bucket Next (not necessarily the one that overflowed) with h_level+1 and moves Next on; when
 * Next reaches N · 2^level the round ends, level goes up and Next goes back to 0. A delete frees
 * emptied overflow pages but never merges buckets back.
 */
export interface LinearBucket {
  /** Primary page first, then the overflow chain; each page holds at most `capacity` keys. */
  pages: number[][];
}

export interface LinearHash {
  capacity: number;
  /** N: buckets at level 0. */
  initialBuckets: number;
  level: number;
  next: number;
  buckets: LinearBucket[];
}

export const LINEAR_CAPACITY = { min: 1, max: 16 } as const;
export const LINEAR_INITIAL_BUCKETS = { min: 1, max: 16 } as const;

export const linearConvention = (capacity: number, initialBuckets: number): string =>
  `Page capacity ${capacity}, ${initialBuckets} bucket${initialBuckets === 1 ? '' : 's'} to start; a split happens each time an insert opens an overflow page, as in Ramakrishnan & Gehrke.`;

export function emptyLinearHash(capacity: number, initialBuckets: number): Outcome<LinearHash> {
  const checkedCapacity = checkSetting('capacity', capacity, LINEAR_CAPACITY.min, LINEAR_CAPACITY.max);
  if (!checkedCapacity.ok) return checkedCapacity;
  const checkedBuckets = checkSetting('number of buckets', initialBuckets, LINEAR_INITIAL_BUCKETS.min, LINEAR_INITIAL_BUCKETS.max);
  if (!checkedBuckets.ok) return checkedBuckets;
  return success({ capacity, initialBuckets, level: 0, next: 0, buckets: Array.from({ length: initialBuckets }, () => ({ pages: [[]] })) });
}

const copy = (hash: LinearHash): LinearHash => ({ ...hash, buckets: hash.buckets.map((bucket) => ({ pages: bucket.pages.map((page) => [...page]) })) });

/** Buckets in a round at this level: N · 2^level. */
export const roundSize = (hash: LinearHash): number => hash.initialBuckets * 2 ** hash.level;

export const bucketKeys = (bucket: LinearBucket): number[] => bucket.pages.flat();

/** Lays keys out on pages of `capacity`, primary page first (always at least the primary page). */
function paginate(keys: number[], capacity: number): number[][] {
  const pages: number[][] = [];
  for (let at = 0; at < keys.length; at += capacity) pages.push(keys.slice(at, at + capacity));
  return pages.length > 0 ? pages : [[]];
}

function locate(hash: LinearHash, key: number, log: StepLog<LinearHash>): number {
  const size = roundSize(hash);
  const first = key % size;
  if (first >= hash.next) {
    log.add('hash', `h${hash.level}(${key}) = ${key} mod ${size} = ${first}; bucket ${first} is not below Next (${hash.next}), so ${key} belongs in bucket ${first}.`, [first]);
    return first;
  }
  const second = key % (2 * size);
  log.add('hash', `h${hash.level}(${key}) = ${key} mod ${size} = ${first}, below Next (${hash.next}): that bucket is split already, so use h${hash.level + 1}(${key}) = ${key} mod ${2 * size} = ${second}.`, [second]);
  return second;
}

function split(hash: LinearHash, log: StepLog<LinearHash>): void {
  const size = roundSize(hash);
  const finer = `h${hash.level + 1}`;
  const from = hash.next;
  const to = from + size;
  const keys = bucketKeys(hash.buckets[from]!);
  const stay = keys.filter((key) => key % (2 * size) === from);
  const move = keys.filter((key) => key % (2 * size) === to);
  hash.buckets[from] = { pages: paginate(stay, hash.capacity) };
  hash.buckets[to] = { pages: paginate(move, hash.capacity) };
  hash.next++;
  const round = hash.next === size ? ` That ends the round: level becomes ${hash.level + 1} and Next goes back to 0.` : ` Next moves to ${hash.next}.`;
  if (hash.next === size) {
    hash.level++;
    hash.next = 0;
  }
  log.add('split', `Split bucket ${from} (the one Next points to) with ${finer}: ${keyList(stay)} stay, ${keyList(move)} go to the new bucket ${to}.${round}`, [from, to]);
}

function insertInPlace(hash: LinearHash, key: number, log: StepLog<LinearHash>): void {
  const index = locate(hash, key, log);
  const bucket = hash.buckets[index]!;
  if (bucketKeys(bucket).includes(key)) {
    log.add('refuse', `${key} is already in bucket ${index}: a key is stored once, so nothing changes.`, [index]);
    return;
  }
  const page = bucket.pages.find((held) => held.length < hash.capacity);
  if (page) {
    page.push(key);
    const where = page === bucket.pages[0] ? 'its primary page' : 'its overflow chain';
    log.add('insert', `Put ${key} into bucket ${index}, ${where}: ${keyList(bucketKeys(bucket))}.`, [index]);
    return;
  }
  bucket.pages.push([key]);
  log.add('overflow', `Bucket ${index} is full, so ${key} goes on a new overflow page (the chain is now ${bucket.pages.length - 1} page${bucket.pages.length === 2 ? '' : 's'} long); a new overflow page triggers a split.`, [index]);
  split(hash, log);
}

export function linearInsert(hash: LinearHash, key: number, record = true): Operation<LinearHash> {
  return onCopy(hash, copy, record, (next, log) => insertInPlace(next, key, log));
}

export function linearSearch(hash: LinearHash, key: number): Operation<LinearHash> {
  const log = new StepLog<LinearHash>(true, () => hash);
  const index = locate(hash, key, log);
  const bucket = hash.buckets[index]!;
  const page = bucket.pages.findIndex((held) => held.includes(key));
  if (page >= 0) log.add('found', `Found ${key} in bucket ${index}, ${page === 0 ? 'on its primary page' : `on overflow page ${page}`}: ${page + 1} page read${page === 0 ? '' : 's'}.`, [index]);
  else log.add('not-found', `${key} is not in bucket ${index} (${bucket.pages.length} page${bucket.pages.length === 1 ? '' : 's'} read): it is not in the file.`, [index]);
  return { state: hash, steps: log.steps };
}

export function linearDelete(hash: LinearHash, key: number, record = true): Operation<LinearHash> {
  const next = copy(hash);
  const log = new StepLog<LinearHash>(record, () => copy(next));
  const index = locate(next, key, log);
  const keys = bucketKeys(next.buckets[index]!);
  if (!keys.includes(key)) {
    log.add('not-found', `${key} is not in bucket ${index}: there is nothing to delete.`, [index]);
    return { state: next, steps: log.steps };
  }
  const pagesBefore = next.buckets[index]!.pages.length;
  next.buckets[index] = { pages: paginate(keys.filter((held) => held !== key), next.capacity) };
  const freed = pagesBefore - next.buckets[index]!.pages.length;
  log.add('delete', `Remove ${key} from bucket ${index}: ${keyList(bucketKeys(next.buckets[index]!))}${freed > 0 ? '; its last overflow page is empty now and is freed' : ''}.`, [index]);
  return { state: next, steps: log.steps };
}

export function linearBuild(capacity: number, initialBuckets: number, keys: readonly number[]): Outcome<Operation<LinearHash>> {
  const empty = emptyLinearHash(capacity, initialBuckets);
  if (!empty.ok) return empty;
  return success(
    buildFrom(empty.value, keys, { copy, insertInPlace }, (state) => ({
      action: 'built',
      text: `Built from ${keys.length.toLocaleString('en-US')} keys in one go (animation is skipped above ${ANIMATION_LIMIT} keys): level ${state.level}, Next ${state.next}, ${state.buckets.length} buckets.`,
      state,
      focus: [],
    })),
  );
}

/** "level 0 next 1: 0 [32] | 1 [9 25 5] | 3 [31 35 7 11] + [43] …" (tests). */
export function linearText(hash: LinearHash): string {
  const buckets = hash.buckets.map((bucket, index) => `${index} ${bucket.pages.map(keyList).join(' + ')}`);
  return `level ${hash.level} next ${hash.next}: ${buckets.join(' | ')}`;
}
