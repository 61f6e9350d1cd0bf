// One msw server per jest test file: a remote's testing/setup-dom.ts calls listenDuringTests(), and
// its mock gateway adds the remote's handlers with server.use().
import { setupServer } from 'msw/node';

export const server = setupServer();

export function listenDuringTests(): void {
  // A call no handler answers is a test bug: fail it rather than reach the network.
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
