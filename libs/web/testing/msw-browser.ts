// `npm run start:alone`: a remote's own msw handlers answer /api in a service worker, so the remote
// runs in a browser with no gateway. Development only: nothing in src/ imports this.
import { API_PREFIX } from '@dblearn/contracts';
import type { RequestHandler } from 'msw';
import { setupWorker } from 'msw/browser';
import { signInHandler } from './msw.js';

/** Starts the worker over the sign-in and `handlers`; resolves once it answers the page's calls. */
export async function startMockGateway(handlers: readonly RequestHandler[]): Promise<void> {
  const worker = setupWorker(signInHandler, ...handlers);
  await worker.start({
    // Scripts, styles and the dev server's own calls go to the network as usual; an /api call no handler knows is a bug.
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).pathname.startsWith(`${API_PREFIX}/`)) print.error();
    },
  });
}
