import { describe, expect, it } from '@jest/globals';
import { requestLineLevel, SLOW_REQUEST_MS } from './request-logger.middleware.js';

describe('the level of a request log line', () => {
  it('keeps fast successes out of the default log', () => {
    expect(requestLineLevel(200, 3, false)).toBe('verbose');
    expect(requestLineLevel(201, 40, false)).toBe('verbose');
  });

  it('shows refusals, hang-ups and slow answers at the default level', () => {
    expect(requestLineLevel(401, 2, false)).toBe('log');
    expect(requestLineLevel(429, 1, false)).toBe('log');
    expect(requestLineLevel(200, 2, true)).toBe('log');
    expect(requestLineLevel(200, SLOW_REQUEST_MS, false)).toBe('log');
  });

  it('warns about failures', () => {
    expect(requestLineLevel(500, 5, false)).toBe('warn');
    expect(requestLineLevel(503, 2000, false)).toBe('warn');
  });
});
