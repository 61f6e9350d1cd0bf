import { AREA_LINKS } from './links.js';
import { remoteAppId } from './exposes.js';
import { defaultManifestUrl, isRemoteName, REMOTE_NAMES, REMOTES } from './remotes.js';

describe('remotes', () => {
  it('serves the four areas on ports 8081 to 8084 by default', () => {
    expect(REMOTE_NAMES.map(defaultManifestUrl)).toEqual([
      'http://localhost:8081/mf-manifest.json',
      'http://localhost:8082/mf-manifest.json',
      'http://localhost:8083/mf-manifest.json',
      'http://localhost:8084/mf-manifest.json',
    ]);
  });

  it('gives each area the routes of SPEC §2', () => {
    expect(REMOTES.catalog.paths).toEqual(['/', '/catalog/*', '/projectLandingPage/*']);
    expect(REMOTES.interview.paths).toEqual(['/interview/*']);
    expect(REMOTES.qna.paths).toEqual(['/qna/*']);
    expect(REMOTES.dashboard.paths).toEqual(['/profile', '/hub']);
  });

  it('names the exposed module <remote>/App and knows its own remote names', () => {
    expect(remoteAppId('catalog')).toBe('catalog/App');
    expect(isRemoteName('dashboard')).toBe(true);
    expect(isRemoteName('shell')).toBe(false);
  });
});

describe('links between areas', () => {
  it('name the catalogue filter, the saved view and the Q&A post form the way their areas read them', () => {
    expect(AREA_LINKS.catalogTopic('nosql')).toBe('/catalog?topic=nosql');
    expect(AREA_LINKS.interviewSaved()).toBe('/interview?view=saved');
    expect(AREA_LINKS.interviewSaved(3)).toBe('/interview?view=saved&page=3');
    expect(AREA_LINKS.qnaAsk).toBe('/qna?ask=1');
  });
});
