import { JSON_MAX_DEPTH } from '@dblearn/contracts';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What body-parser reports for a body nested deeper than JSON_MAX_DEPTH (mapped to a sentence in error-envelope.ts). */
export const TOO_DEEP_TYPE = 'entity.too.deep';

/**
 * The deepest nesting of a JSON text, counted on its raw bytes (strings skipped) without parsing
 * it: a 90 kB body of nested arrays overflowed class-transformer's stack (a 500) after costing
 * 85 ms of CPU (issue 6). This stops at the first byte past `max`.
 */
export function exceedsJsonDepth(body: Uint8Array, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/** body-parser's `verify` hook: refuses a too-deep body with 400 before JSON.parse. */
export function verifyJsonDepth(_request: unknown, _response: unknown, body: Buffer): void {
  if (exceedsJsonDepth(body)) throw Object.assign(new Error('JSON nested too deeply'), { status: 400, statusCode: 400, type: TOO_DEEP_TYPE });
}
