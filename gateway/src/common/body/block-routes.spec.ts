import { describe, expect, it } from '@jest/globals';
import { isBlockRoute } from './block-routes.js';

describe('the routes that carry a content block (their bodies may be 640 kB)', () => {
  const id = '0123456789abcdef01234567';

  it('are creating a tutorial and updating a tutorial or a project', () => {
    expect(isBlockRoute('POST', '/api/tutorial')).toBe(true);
    expect(isBlockRoute('PUT', `/api/tutorial/${id}`)).toBe(true);
    expect(isBlockRoute('PUT', `/api/project/${id}?x=1`)).toBe(true);
  });

  it('are no other route, not even their neighbours', () => {
    for (const [method, url] of [
      ['PUT', '/api/tutorial'],
      ['POST', `/api/project/${id}/attempts`],
      ['PUT', `/api/project/check/${id}`],
      ['PUT', `/api/project/content/${id}`],
      ['POST', '/api/project'],
      ['PUT', `/api/course/${id}`],
      ['POST', '/api/tutorials'],
      ['PUT', '/api/tutorial/not-an-id'],
    ] as const) {
      expect({ method, url, block: isBlockRoute(method, url) }).toEqual({ method, url, block: false });
    }
  });
});
