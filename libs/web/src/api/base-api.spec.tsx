import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { http, HttpResponse } from 'msw';
import { recordGatewayCalls, refusal } from '../../testing/msw.js';
import { server } from '../../testing/msw-node.js';
import { unsignedToken } from '../../testing/tokens.js';
import { selectIsSignedIn } from '../session/session-slice.js';
import { createAppStore } from '../store/create-store.js';
import { apiErrorMessage, isClientError } from './api-errors.js';
import { baseApi } from './base-api.js';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    quietProbe: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST' }), extraOptions: { logOnlyUnexpected: true } }),
  }),
});

// How a feature area adds its own tag type and calls (mf-* do exactly this in features/<x>/api).
const notesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Note'] }).injectEndpoints({
  endpoints: (build) => ({
    listNotes: build.query<string[], void>({ query: () => '/notes', providesTags: ['Note'] }),
    addNote: build.mutation<void, string>({ query: (text) => ({ url: '/notes', method: 'POST', body: { text } }), invalidatesTags: ['Note'] }),
  }),
});

afterEach(() => {
  localStorage.clear();
});

/** Every /api call answered by `answer`, and recorded. */
function gatewayAnswers(answer: Parameters<typeof http.all>[1]) {
  const gateway = recordGatewayCalls();
  server.use(gateway.handler, http.all('/api/*', answer));
  return gateway;
}

async function call(path: string, token: string | null = null) {
  const store = createAppStore({ token, syncAcrossTabs: false });
  const result = await act(() => store.dispatch(probeApi.endpoints.probe.initiate(path)));
  return { store, result };
}

describe('the base API', () => {
  it('sends /api calls with the session token in x-auth-token', async () => {
    const token = unsignedToken();
    const gateway = gatewayAnswers(() => HttpResponse.json({ ok: true }));
    const { result } = await call('/users/me', token);
    expect(result.data).toEqual({ ok: true });
    const [request] = gateway.requests;
    expect(new URL(request!.url).pathname).toBe('/api/users/me');
    expect(request!.headers.get('x-auth-token')).toBe(token);
  });

  it('sends no token when signed out', async () => {
    const gateway = gatewayAnswers(() => HttpResponse.json({}));
    await call('/health');
    expect(gateway.requests[0]!.headers.has('x-auth-token')).toBe(false);
  });

  it('reads a text/plain answer as text', async () => {
    gatewayAnswers(() => HttpResponse.text('the.token.text'));
    const { result } = await call('/auth');
    expect(result.data).toBe('the.token.text');
  });

  it('ends the session when the gateway answers 401', async () => {
    gatewayAnswers(() => refusal(401, 'Sign in again.'));
    const { store } = await call('/users/me', unsignedToken());
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['a 500 answer', () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, { status: 500 })],
    ['a 503 answer', () => refusal(503, 'x')],
    ['no answer at all', () => HttpResponse.error()],
  ])('raises the "Unexpected Error" toast for %s', async (_case, answer) => {
    render(<ToastContainer />);
    gatewayAnswers(answer);
    await call('/course', unsignedToken());
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
  });

  it('only logs a 5xx of a call that asks for it (SPEC §8: Q&A replies)', async () => {
    render(<ToastContainer />);
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      gatewayAnswers(() => refusal(503, 'x'));
      const store = createAppStore({ token: unsignedToken(), syncAcrossTabs: false });
      await act(() => store.dispatch(probeApi.endpoints.quietProbe.initiate('/qna/1/replies')));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    } finally {
      console.error = original;
    }
    expect(screen.queryByText('Unexpected Error')).not.toBeInTheDocument();
    expect(logged.some(([message]) => message === 'Gateway call failed:')).toBe(true);
  });

  it('leaves a 4xx answer to the caller: no toast, the session stays', async () => {
    render(<ToastContainer />);
    gatewayAnswers(() => refusal(404, 'No such course.'));
    const { store, result } = await call('/course/1', unsignedToken());
    expect(isClientError(result.error)).toBe(true);
    expect(apiErrorMessage(result.error)).toBe('No such course.');
    expect(selectIsSignedIn(store.getState())).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Unexpected Error')).not.toBeInTheDocument();
  });
});

describe('apiErrorMessage', () => {
  it('reads a text body, an envelope message, or a list of messages', () => {
    expect(apiErrorMessage({ status: 400, data: 'Invalid email or password.' })).toBe('Invalid email or password.');
    expect(apiErrorMessage({ status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'User already registered.' } })).toBe(
      'User already registered.',
    );
    expect(apiErrorMessage({ status: 400, data: { message: ['First.', 'Second.'] } })).toBe('First. Second.');
    expect(apiErrorMessage({ status: 400, data: '{"statusCode":400,"message":"From text."}' })).toBe('From text.');
  });

  it('has nothing to say without a message', () => {
    expect(apiErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
    expect(apiErrorMessage(new Error('boom'))).toBeNull();
    expect(apiErrorMessage({ status: 400, data: '' })).toBeNull();
  });
});

describe('tags a feature area adds', () => {
  it('a write that invalidates the feature tag refreshes the list without a reload', async () => {
    const notes: string[] = [];
    const gateway = recordGatewayCalls();
    server.use(
      gateway.handler,
      http.get('/api/notes', () => HttpResponse.json([...notes])),
      http.post('/api/notes', async ({ request }) => {
        notes.push(((await request.json()) as { text: string }).text);
        return HttpResponse.json({});
      }),
    );
    const store = createAppStore({ token: null, syncAcrossTabs: false });
    const subscription = store.dispatch(notesApi.endpoints.listNotes.initiate());
    await act(() => subscription);
    await act(() => store.dispatch(notesApi.endpoints.addNote.initiate('first')));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const cached = store.dispatch(notesApi.endpoints.listNotes.initiate());
    expect((await act(() => cached)).data).toEqual(['first']);
    expect(gateway.calls.filter((call) => call === 'GET /api/notes')).toHaveLength(2);
    cached.unsubscribe();
    subscription.unsubscribe();
  });
});
