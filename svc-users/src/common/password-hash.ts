import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

const SCHEME = 'scrypt';
export const SALT_BYTES = 16;
const KEY_BYTES = 64;
const BLOCK_SIZE = 8;
/** OWASP's scrypt guidance pairs N = 2^15 with r = 8 and p = 3 (see DEFAULT_PASSWORD_HASH_COST). */
const PARALLELISM = 3;
/** The highest cost a stored hash may ask for (1 GB of memory at r = 8). */
export const MAX_COST = 2 ** 20;

/**
 * Stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64) so that the cost can rise later:
 * every hash carries the parameters it was made with.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const params: ScryptParams = { N: cost, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return [SCHEME, params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time. A hash it cannot read never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with other parameters than today's (re-hash at the next login). */
export function hashNeedsUpgrade(stored: string, cost: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== cost || parsed.params.r !== BLOCK_SIZE || parsed.params.p !== PARALLELISM;
}

export function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return null;
  const N = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  const sane =
    isWholeIn(N, 2, MAX_COST) && (N & (N - 1)) === 0 && isWholeIn(r, 1, 64) && isWholeIn(p, 1, 16) && salt.length > 0 && key.length > 0;
  return sane ? { params: { N, r, p }, salt, key } : null;
}

function isWholeIn(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

function deriveKey(password: string, salt: Buffer, { N, r, p }: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; the default limit (32 MB) would refuse costs above 2^14.
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
