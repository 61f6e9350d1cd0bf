import { ANIMATION_LIMIT, buildFrom, onCopy, checkSetting, keyList, StepLog, success, type Operation, type Outcome } from './steps.js';

/**
 * Extendible hashing as in Ramakrishnan & Gehrke (3rd ed., §11.2): h(k) = k, and the last
 * `globalDepth` bits of h(k) pick a directory entry, which points to a bucket of `capacity` keys.
 * A full bucket whose local depth is below the global depth splits on its next bit; at equal depth
 * the directory doubles first (each entry copied, so entry i and i + 2^depth share a bucket).
 * A delete merges a bucket with its split image when the two fit in one, and halves the directory
 * when no bucket needs all its bits.
 */
export interface HashBucket {
  id: number;
  localDepth: number;
  keys: number[];
}

export interface ExtendibleHash {
  capacity: number;
  globalDepth: number;
  /** Bucket id for each directory entry; entry i covers the keys whose last globalDepth bits are i. */
  directory: number[];
  buckets: HashBucket[];
  nextId: number;
}

export const EXTENDIBLE_CAPACITY = { min: 1, max: 16 } as const;
/** 2^16 directory entries at most: a bucket of keys alike in their last 16 bits cannot split further. */
export const MAX_GLOBAL_DEPTH = 16;

export const extendibleConvention = (capacity: number): string =>
  `Bucket capacity ${capacity}; h(k) = k and the directory reads its last global-depth bits, as in Ramakrishnan & Gehrke.`;

export function emptyExtendibleHash(capacity: number): Outcome<ExtendibleHash> {
  const checked = checkSetting('capacity', capacity, EXTENDIBLE_CAPACITY.min, EXTENDIBLE_CAPACITY.max);
  if (!checked.ok) return checked;
  return success({ capacity, globalDepth: 0, directory: [0], buckets: [{ id: 0, localDepth: 0, keys: [] }], nextId: 1 });
}

/** A bucket's name on screen: A, B, … Z, A1, B1 … */
export const bucketName = (id: number): string => String.fromCharCode(65 + (id % 26)) + (id >= 26 ? String(Math.floor(id / 26)) : '');

/** The last `bits` bits of a number, as a string of 0s and 1s ("" for none). */
export const lastBits = (value: number, bits: number): string => (bits === 0 ? '' : (value % 2 ** bits).toString(2).padStart(bits, '0'));

const copy = (hash: ExtendibleHash): ExtendibleHash => ({ ...hash, directory: [...hash.directory], buckets: hash.buckets.map((bucket) => ({ ...bucket, keys: [...bucket.keys] })) });

/** Buckets stay in the order of their ids (new ones are pushed, merged ones filtered out): a binary search finds one. */
function bucketById(hash: ExtendibleHash, id: number): HashBucket {
  let low = 0;
  let high = hash.buckets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (hash.buckets[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return hash.buckets[low]!;
}

/** Follows the directory for a key, logging the hash. */
function locate(hash: ExtendibleHash, key: number, log: StepLog<ExtendibleHash>): HashBucket {
  const entry = key % 2 ** hash.globalDepth;
  const bucket = bucketById(hash, hash.directory[entry]!);
  const bits = hash.globalDepth === 0 ? 'the directory has a single entry' : `its last ${hash.globalDepth} bit${hash.globalDepth === 1 ? '' : 's'} ${lastBits(key, hash.globalDepth)} pick that directory entry`;
  log.add('hash', `h(${key}) = ${key} = binary ${key.toString(2)}; ${bits}, which points to bucket ${bucketName(bucket.id)}.`, [bucket.id]);
  return bucket;
}

function insertInPlace(hash: ExtendibleHash, key: number, log: StepLog<ExtendibleHash>): void {
  for (;;) {
    const bucket = locate(hash, key, log);
    if (bucket.keys.includes(key)) {
      log.add('refuse', `${key} is already in bucket ${bucketName(bucket.id)}: a key is stored once, so nothing changes.`, [bucket.id]);
      return;
    }
    if (bucket.keys.length < hash.capacity) {
      bucket.keys.push(key);
      log.add('insert', `Put ${key} into bucket ${bucketName(bucket.id)}: ${keyList(bucket.keys)}.`, [bucket.id]);
      return;
    }
    if (bucket.localDepth === hash.globalDepth) {
      if (hash.globalDepth === MAX_GLOBAL_DEPTH) {
        log.add('refuse', `Bucket ${bucketName(bucket.id)} is full and its keys share their last ${MAX_GLOBAL_DEPTH} bits: this view stops doubling there, so ${key} is not added.`, [bucket.id]);
        return;
      }
      hash.directory = [...hash.directory, ...hash.directory];
      hash.globalDepth++;
      log.add('double', `Bucket ${bucketName(bucket.id)} is full and its local depth equals the global depth, so the directory doubles to ${hash.directory.length} entries (global depth ${hash.globalDepth}); each new entry points where its twin does.`, [bucket.id]);
    }
    splitBucket(hash, bucket, log);
  }
}

function splitBucket(hash: ExtendibleHash, bucket: HashBucket, log: StepLog<ExtendibleHash>): void {
  const bit = 2 ** bucket.localDepth;
  // A full bucket's keys all end in its pattern; the entries pointing to it are that pattern plus every higher bit combination.
  const base = bucket.keys[0]! % bit;
  const pattern = lastBits(base, bucket.localDepth);
  const image: HashBucket = { id: hash.nextId++, localDepth: bucket.localDepth + 1, keys: bucket.keys.filter((key) => (key & bit) !== 0) };
  bucket.keys = bucket.keys.filter((key) => (key & bit) === 0);
  bucket.localDepth++;
  hash.buckets.push(image);
  for (let entry = base + bit; entry < hash.directory.length; entry += 2 * bit) hash.directory[entry] = image.id;
  const depth = bucket.localDepth;
  log.add(
    'split',
    `Split bucket ${bucketName(bucket.id)} on its last ${depth} bits (local depth ${depth}): keys ending 0${pattern} stay, ${keyList(bucket.keys)}; keys ending 1${pattern} move to the new bucket ${bucketName(image.id)}, ${keyList(image.keys)}.`,
    [bucket.id, image.id],
  );
}

export function extendibleInsert(hash: ExtendibleHash, key: number, record = true): Operation<ExtendibleHash> {
  return onCopy(hash, copy, record, (next, log) => insertInPlace(next, key, log));
}

export function extendibleSearch(hash: ExtendibleHash, key: number): Operation<ExtendibleHash> {
  const log = new StepLog<ExtendibleHash>(true, () => hash);
  const bucket = locate(hash, key, log);
  if (bucket.keys.includes(key)) log.add('found', `Found ${key} in bucket ${bucketName(bucket.id)}: one directory read, one bucket read.`, [bucket.id]);
  else log.add('not-found', `${key} is not in bucket ${bucketName(bucket.id)}, the only bucket it could be in.`, [bucket.id]);
  return { state: hash, steps: log.steps };
}

export function extendibleDelete(hash: ExtendibleHash, key: number, record = true): Operation<ExtendibleHash> {
  const next = copy(hash);
  const log = new StepLog<ExtendibleHash>(record, () => copy(next));
  let bucket = locate(next, key, log);
  if (!bucket.keys.includes(key)) {
    log.add('not-found', `${key} is not in bucket ${bucketName(bucket.id)}: there is nothing to delete.`, [bucket.id]);
    return { state: next, steps: log.steps };
  }
  bucket.keys = bucket.keys.filter((held) => held !== key);
  log.add('delete', `Remove ${key} from bucket ${bucketName(bucket.id)}: ${keyList(bucket.keys)}.`, [bucket.id]);
  for (;;) {
    if (bucket.localDepth === 0) break;
    const bit = 2 ** (bucket.localDepth - 1);
    const entry = next.directory.indexOf(bucket.id);
    const image = bucketById(next, next.directory[entry ^ bit]!);
    if (image.localDepth !== bucket.localDepth || image.keys.length + bucket.keys.length > next.capacity) break;
    const [kept, gone] = (entry & bit) === 0 ? [bucket, image] : [image, bucket];
    kept.keys = [...kept.keys, ...gone.keys];
    kept.localDepth--;
    next.buckets = next.buckets.filter((held) => held.id !== gone.id);
    next.directory = next.directory.map((id) => (id === gone.id ? kept.id : id));
    log.add('merge', `Bucket ${bucketName(gone.id)} and its split image ${bucketName(kept.id)} fit in one bucket: merge them into ${bucketName(kept.id)}, ${keyList(kept.keys)} (local depth ${kept.localDepth}).`, [kept.id]);
    bucket = kept;
  }
  while (next.globalDepth > 0 && next.buckets.every((held) => held.localDepth < next.globalDepth)) {
    next.globalDepth--;
    next.directory = next.directory.slice(0, 2 ** next.globalDepth);
    log.add('halve', `No bucket uses all ${next.globalDepth + 1} bits any more, so the directory halves to ${next.directory.length} entr${next.directory.length === 1 ? 'y' : 'ies'} (global depth ${next.globalDepth}).`, []);
  }
  return { state: next, steps: log.steps };
}

export function extendibleBuild(capacity: number, keys: readonly number[]): Outcome<Operation<ExtendibleHash>> {
  const empty = emptyExtendibleHash(capacity);
  if (!empty.ok) return empty;
  return success(
    buildFrom(empty.value, keys, { copy, insertInPlace }, (state) => ({
      action: 'built',
      text: `Built from ${keys.length.toLocaleString('en-US')} keys in one go (animation is skipped above ${ANIMATION_LIMIT} keys): global depth ${state.globalDepth}, ${state.buckets.length} buckets.`,
      state,
      focus: [],
    })),
  );
}

/** "depth 2: 00→A [4 12 32 16] | 01→B …": the directory and its buckets on one line (tests). */
export function extendibleText(hash: ExtendibleHash): string {
  const entries = hash.directory.map((id, entry) => {
    const bucket = bucketById(hash, id);
    return `${lastBits(entry, hash.globalDepth) || '-'}→${bucketName(id)}${bucket.localDepth} ${keyList(bucket.keys)}`;
  });
  return `depth ${hash.globalDepth}: ${entries.join(' | ')}`;
}
