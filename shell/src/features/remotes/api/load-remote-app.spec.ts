import { server } from '@dblearn/web/testing/msw-node';
import { http, HttpResponse } from 'msw';
import { loadRemoteApp, RemoteAreaError } from './load-remote-app.js';
import { loadRemoteRegistry, parseRemoteRegistry } from './remote-registry.js';

describe('parseRemoteRegistry', () => {
  it('keeps the known remotes with http(s) manifest URLs', () => {
    expect(
      parseRemoteRegistry({
        catalog: 'http://localhost:8081/mf-manifest.json',
        qna: 'https://qna.dblearn.example/mf-manifest.json',
        interview: 'javascript:alert(1)',
        dashboard: 42,
        billing: 'http://localhost:9999/mf-manifest.json',
      }),
    ).toEqual({
      catalog: 'http://localhost:8081/mf-manifest.json',
      qna: 'https://qna.dblearn.example/mf-manifest.json',
    });
  });

  it('refuses a body that is not an object', () => {
    expect(() => parseRemoteRegistry(['catalog'])).toThrow('/remotes.json');
    expect(() => parseRemoteRegistry(null)).toThrow('/remotes.json');
  });
});

describe('loading a remote', () => {
  it('fetches /remotes.json again after a failure', async () => {
    let answers = 0;
    server.use(
      http.get('/remotes.json', () => {
        answers += 1;
        return answers === 1 ? HttpResponse.json({ message: 'down' }, { status: 502 }) : HttpResponse.json({ catalog: 'http://localhost:8081/mf-manifest.json' });
      }),
    );
    await expect(loadRemoteRegistry()).rejects.toThrow('/remotes.json answered 502.');
    await expect(loadRemoteRegistry()).resolves.toEqual({ catalog: 'http://localhost:8081/mf-manifest.json' });
    expect(answers).toBe(2);
  });

  it('says so when /remotes.json has no address for the area', async () => {
    // The registry above is cached: it lists only the catalogue.
    const failure = loadRemoteApp('qna');
    await expect(failure).rejects.toBeInstanceOf(RemoteAreaError);
    await expect(failure).rejects.toThrow('No address is configured for Q&A.');
  });
});
