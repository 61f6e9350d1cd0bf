import { areaForPath } from './area-route.js';

describe('areaForPath', () => {
  it.each([
    ['/', 'catalog'],
    ['/catalog', 'catalog'],
    ['/catalog/abc/tutorial/def', 'catalog'],
    ['/projectLandingPage', 'catalog'],
    ['/projectLandingPage/abc/project/def', 'catalog'],
    ['/interview', 'interview'],
    ['/interview/new', 'interview'],
    ['/qna', 'qna'],
    ['/qna/edit/abc', 'qna'],
    ['/hub', 'dashboard'],
    ['/profile', 'dashboard'],
  ])('gives %s to the %s area', (path, area) => {
    expect(areaForPath(path)?.name).toBe(area);
  });

  it.each(['/profile/x', '/hub/x', '/catalogue', '/qnas', '/about/us', '/nope'])('gives %s to no area', (path) => {
    expect(areaForPath(path)).toBeNull();
  });
});
