import { jest } from '@jest/globals';
import type { RemoteName } from '@dblearn/federation';
import { unsignedToken } from '@dblearn/web/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../../testing/render-app.js';
import { RemoteAreaError, type RemoteApp, type RemoteAppLoader } from '../api/load-remote-app.js';

afterEach(() => {
  jest.restoreAllMocks();
});

/** rspack's runtime error for a chunk that did not arrive (SPEC §8). */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 42 failed.\n(timeout: http://localhost:8083/static/js/42.js)');
  error.name = 'ChunkLoadError';
  return error;
}

const QnaArea: RemoteApp = () => <h1>Q&amp;A questions</h1>;

/** Fails the first `failures` loads with `error`, then loads the Q&A area. */
function flakyLoader(failures: number, error: () => Error) {
  const calls: RemoteName[] = [];
  const load: RemoteAppLoader = async (name) => {
    calls.push(name);
    if (calls.length <= failures) throw error();
    return QnaArea;
  };
  return { load, calls };
}

async function clickRetry() {
  await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
}

describe('RemoteArea', () => {
  beforeEach(() => {
    // The boundary reports what it caught; keep the test output for real surprises.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the unavailable panel, naming the area, when its remote cannot be loaded', async () => {
    const { load } = flakyLoader(Infinity, () => new Error('[ Federation Runtime ]: Failed to get manifest.'));
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    const panel = await screen.findByRole('region', { name: 'This part of DBLearn is unavailable' });
    expect(within(panel).getByRole('heading', { level: 1 })).toHaveTextContent('This part of DBLearn is unavailable');
    expect(panel).toHaveTextContent('Q&A could not be loaded just now.');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Only its own area: the navbar and the footer are still there and working.
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Learning Hub' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the ChunkLoadError message in the panel', async () => {
    const { load } = flakyLoader(Infinity, chunkLoadError);
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    const panel = await screen.findByRole('region', { name: 'This part of DBLearn is unavailable' });
    expect(panel).toHaveTextContent('Loading chunk 42 failed. (timeout: http://localhost:8083/static/js/42.js)');
  });

  it('finds a ChunkLoadError wrapped by the federation runtime', async () => {
    const { load } = flakyLoader(Infinity, () => new Error('[ Federation Runtime ]: remote failed', { cause: chunkLoadError() }));
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    expect(await screen.findByText(/Loading chunk 42 failed\./)).toBeInTheDocument();
  });

  it('explains a remote that has no address', async () => {
    const { load } = flakyLoader(Infinity, () => new RemoteAreaError('No address is configured for Q&A.'));
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    expect(await screen.findByText('No address is configured for Q&A.')).toBeInTheDocument();
  });

  it('tries again on Retry, and shows the area once it loads', async () => {
    const { load, calls } = flakyLoader(1, chunkLoadError);
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    await screen.findByRole('button', { name: 'Retry' });
    expect(calls).toEqual(['qna']);

    await clickRetry();
    expect(calls).toEqual(['qna', 'qna']);
    expect(await screen.findByRole('heading', { name: 'Q&A questions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('catches a remote that throws while rendering, and Retry renders it again', async () => {
    let crash = true;
    const Crashing: RemoteApp = () => {
      if (crash) throw new Error('remote bug');
      return <h1>Dashboard</h1>;
    };
    await renderApp('/profile', { token: unsignedToken(), loadRemoteApp: async () => Crashing });
    const panel = await screen.findByRole('region', { name: 'This part of DBLearn is unavailable' });
    expect(panel).toHaveTextContent('Dashboard could not be loaded just now.');

    crash = false;
    await clickRetry();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps other areas working while one is down', async () => {
    const load: RemoteAppLoader = async (name) => {
      if (name === 'qna') throw new Error('offline');
      return () => <h1>{`${name} works`}</h1>;
    };
    await renderApp('/qna', { token: unsignedToken(), loadRemoteApp: load });
    await screen.findByRole('region', { name: 'This part of DBLearn is unavailable' });
    await act(() => userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Interview Question' })));
    expect(await screen.findByRole('heading', { name: 'interview works' })).toBeInTheDocument();
  });
});
