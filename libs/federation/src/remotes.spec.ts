import { AREA_LINKS } from './links.js';
import { remoteAppId } from './exposes.js';
import { defaultManifestUrl, isRemoteName, REMOTE_NAMES, REMOTES } from './remotes.js';

describe('remotes', () => {
  it("serves each area on a port of its own above the shell's 8080, its manifest there by default", () => {
    const ports = REMOTE_NAMES.map((name) => REMOTES[name].port);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeGreaterThan(8080);
    expect(defaultManifestUrl('catalog')).toBe('http://localhost:8081/mf-manifest.json');
  });

  it('declares each area under its own name, with a variable of its own for its manifest', () => {
    for (const name of REMOTE_NAMES) expect(REMOTES[name].name).toBe(name);
    const variables = REMOTE_NAMES.map((name) => REMOTES[name].manifestUrlVariable);
    expect(new Set(variables).size).toBe(variables.length);
    for (const variable of variables) expect(variable).toMatch(/^REMOTE_[A-Z0-9_]+_URL$/);
  });

  it('gives each area the routes of SPEC §2', () => {
    expect(REMOTES.catalog.paths).toEqual(['/', '/catalog/*', '/projectLandingPage/*', '/practice']);
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
