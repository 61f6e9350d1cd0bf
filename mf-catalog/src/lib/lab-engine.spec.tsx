import { type Sandbox, type SandboxRun, type UserProfile } from '@dblearn/contracts';
import { createAppStore, meApi, type AppStore } from '@dblearn/web';
import { unsignedToken } from '@dblearn/web/testing';
import { recordGatewayCalls, type GatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { LAB_ENGINE_STORAGE_KEY, labEngineApi, POSTGRES_ONLY_REASON, RunnableCode } from '@dblearn/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { markedLines, writeSql } from '../../testing/sql-editor.js';

// Issue 32, "What a learner sees": the engine switch on a lesson's ```sql blocks, remembered for the
// learner, and a block's run on PostgreSQL through the server (msw answers as the gateway does).

const COURSE = '6b020a4dbbae6c41e918cc10';
// svc-content's words (docs/api-contract.md "The PostgreSQL lab").
const POSTGRES_UNAVAILABLE_MESSAGE = 'The PostgreSQL lab is unavailable; SQLite still works.';
const RUN = `POST /api/course/sandbox/${COURSE}/run`;
const SANDBOX: Sandbox = { kind: 'sql', source: 'CREATE TABLE t (id INTEGER PRIMARY KEY);' };

function profile(labEngine: 'sqlite' | 'postgres'): UserProfile {
  return { _id: '6b020a4dbbae6c41e918ccfe', email: 'ana@example.com', displayName: 'Ana', skill: 'beginner', isAdmin: false, savedQuestion: [], finishedProject: [], readTutorial: [], labEngine };
}

interface Rendered {
  store: AppStore;
  gateway: GatewayCalls;
}

/** Two ```sql blocks of one course's lesson, in the shell's store, signed in or not; the gateway answers the run with `run`. */
async function renderBlocks({ signedIn, run, stored, firstInfo }: { signedIn: boolean; run?: SandboxRun; stored?: 'sqlite' | 'postgres'; firstInfo?: string[] }): Promise<Rendered> {
  let profileEngine = stored ?? 'postgres';
  const gateway = recordGatewayCalls();
  server.use(
    gateway.handler,
    http.get(`/api/course/sandbox/${COURSE}`, () => HttpResponse.json(SANDBOX)),
    http.get('/api/users/me', () => HttpResponse.json(profile(profileEngine))),
    http.patch('/api/users/me', async ({ request }) => {
      profileEngine = ((await request.json()) as { labEngine: 'sqlite' | 'postgres' }).labEngine;
      return HttpResponse.json(profile(profileEngine));
    }),
    http.post(`/api/course/sandbox/${COURSE}/run`, () => HttpResponse.json(run ?? { engine: 'postgres', results: [] })),
  );
  const store = createAppStore({ token: signedIn ? unsignedToken() : null, syncAcrossTabs: false });
  // The shell asks for the profile once per page load.
  if (signedIn) await act(async () => void (await store.dispatch(meApi.endpoints.getMe.initiate())));
  await act(async () =>
    render(
      <Provider store={store}>
        <section aria-label="First block">
          <RunnableCode snippet={{ language: 'sql', code: "SELECT 1::text || 'x' AS joined;", ...(firstInfo ? { info: firstInfo } : {}) }} courseId={COURSE} />
        </section>
        <section aria-label="Second block">
          <RunnableCode snippet={{ language: 'sql', code: 'SELECT 2;' }} courseId={COURSE} />
        </section>
      </Provider>,
    ),
  );
  return { store, gateway };
}

const block = (name: 'First block' | 'Second block') => within(screen.getByRole('region', { name }));
const checkedIn = (name: 'First block' | 'Second block') => {
  const group = block(name).getByRole('radiogroup', { name: 'SQL engine' });
  return within(group).getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked)?.closest('label')?.textContent;
};
/** The engine a block shows, once the switch is there and has settled (a choice reaches the store a tick later). */
async function engineOf(name: 'First block' | 'Second block', expected: string): Promise<void> {
  await block(name).findByRole('radiogroup', { name: 'SQL engine' });
  await waitFor(() => expect(checkedIn(name)).toBe(expected));
}

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});

describe('the engine switch', () => {
  it('starts on PostgreSQL for a visitor, switches every block at once, and keeps the choice in this browser', async () => {
    await renderBlocks({ signedIn: false });
    await engineOf('First block', 'PostgreSQL');
    await userEvent.click(block('First block').getByRole('radio', { name: 'SQLite' }));
    await engineOf('First block', 'SQLite');
    await engineOf('Second block', 'SQLite');
    expect(localStorage.getItem(LAB_ENGINE_STORAGE_KEY)).toBe('sqlite');
    // A new page load (a new store) starts from it.
    const nextPage = createAppStore({ token: null, syncAcrossTabs: false });
    expect((await nextPage.dispatch(labEngineApi.endpoints.visitorLabEngine.initiate())).data).toBe('sqlite');
  });

  it("shows a learner's remembered engine and saves a new choice on the profile, not in the browser", async () => {
    const { gateway } = await renderBlocks({ signedIn: true, stored: 'sqlite' });
    await engineOf('Second block', 'SQLite');
    await userEvent.click(block('Second block').getByRole('radio', { name: 'PostgreSQL' }));
    await waitFor(() => expect(gateway.calls).toContain('PATCH /api/users/me'));
    expect(gateway.bodies).toContainEqual({ labEngine: 'postgres' });
    await engineOf('First block', 'PostgreSQL');
    expect(localStorage.getItem(LAB_ENGINE_STORAGE_KEY)).toBeNull();
  });

  it("keeps a learner's choice made while the profile is still on its way", async () => {
    let profileEngine: 'sqlite' | 'postgres' = 'postgres';
    let answerFirst: () => void = () => undefined;
    let asked = 0;
    server.use(
      http.get(`/api/course/sandbox/${COURSE}`, () => HttpResponse.json(SANDBOX)),
      // The page's first ask is answered late, with the profile as it was when asked: it crosses the switch.
      http.get('/api/users/me', async () => {
        asked += 1;
        const then = profile(profileEngine);
        if (asked === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return HttpResponse.json(then);
      }),
      http.patch('/api/users/me', async ({ request }) => {
        profileEngine = ((await request.json()) as { labEngine: 'sqlite' | 'postgres' }).labEngine;
        return HttpResponse.json(profile(profileEngine));
      }),
    );
    const store = createAppStore({ token: unsignedToken(), syncAcrossTabs: false });
    void store.dispatch(meApi.endpoints.getMe.initiate());
    await act(async () =>
      render(
        <Provider store={store}>
          <section aria-label="First block">
            <RunnableCode snippet={{ language: 'sql', code: 'SELECT 1;' }} courseId={COURSE} />
          </section>
        </Provider>,
      ),
    );
    await engineOf('First block', 'PostgreSQL');
    await userEvent.click(block('First block').getByRole('radio', { name: 'SQLite' }));
    await waitFor(() => expect(profileEngine).toBe('sqlite'));
    await act(async () => answerFirst());
    // The late answer said PostgreSQL; the learner's choice, saved, is what the page ends on.
    await waitFor(() => expect(asked).toBe(2));
    await engineOf('First block', 'SQLite');
  });
});

describe('a lesson block on PostgreSQL', () => {
  it("runs on the server's copy of the course's sandbox and shows PostgreSQL's result", async () => {
    const { gateway } = await renderBlocks({ signedIn: true, run: { engine: 'postgres', results: [{ columns: ['joined'], rows: [['1x']] }] } });
    await userEvent.click(await block('First block').findByRole('button', { name: 'Run' }));
    expect(await block('First block').findByRole('cell', { name: '1x' })).toBeInTheDocument();
    expect(block('First block').getByText('On PostgreSQL')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call === RUN)).toHaveLength(1);
    expect(gateway.bodies).toContainEqual({ sql: "SELECT 1::text || 'x' AS joined;", engine: 'postgres' });
  });

  it('runs a ```sql postgres block there whatever the page chose, and says why SQLite is not offered', async () => {
    const { gateway } = await renderBlocks({ signedIn: true, stored: 'sqlite', firstInfo: ['postgres'], run: { engine: 'postgres', results: [{ columns: ['joined'], rows: [['1x']] }] } });
    await engineOf('Second block', 'SQLite');
    await engineOf('First block', 'PostgreSQL');
    const group = block('First block').getByRole('radiogroup', { name: 'SQL engine' });
    expect(within(group).getByRole('radio', { name: 'SQLite' })).toBeDisabled();
    expect(group).toHaveAccessibleDescription(POSTGRES_ONLY_REASON);
    await userEvent.click(block('First block').getByRole('button', { name: 'Run' }));
    expect(await block('First block').findByRole('cell', { name: '1x' })).toBeInTheDocument();
    expect(gateway.bodies).toContainEqual({ sql: "SELECT 1::text || 'x' AS joined;", engine: 'postgres' });
  });

  it("shows PostgreSQL's error and marks the line it names", async () => {
    const { gateway } = await renderBlocks({ signedIn: true });
    const editor = await writeSql('SQL example', 'SELECT 1;\nSELECT nope FROM t;', screen.getByRole('region', { name: 'First block' }));
    expect(editor).toBeInTheDocument();
    gateway.failNext(RUN, 400, 'Line 2: column "nope" does not exist');
    await userEvent.click(block('First block').getByRole('button', { name: 'Run' }));
    expect(await block('First block').findByRole('alert')).toHaveTextContent('Line 2: column "nope" does not exist');
    expect(markedLines(screen.getByRole('region', { name: 'First block' }))).toEqual(['SELECT nope FROM t;']);
  });

  it('says calmly when the PostgreSQL lab is down, with no toast, and runs the text on SQLite in one click', async () => {
    const { gateway } = await renderBlocks({ signedIn: true });
    gateway.failNext(RUN, 503, POSTGRES_UNAVAILABLE_MESSAGE);
    await userEvent.click(await block('First block').findByRole('button', { name: 'Run' }));
    const notice = await block('First block').findByRole('status');
    expect(notice).toHaveTextContent(POSTGRES_UNAVAILABLE_MESSAGE);
    expect(screen.queryByText('Unexpected Error')).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Run on SQLite' }));
    // jsdom has no Worker, so sql.js cannot load here: what matters is that this run went to SQLite, not the server.
    expect(await block('First block').findByText('On SQLite')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call === RUN)).toHaveLength(1);
    await engineOf('First block', 'PostgreSQL');
  });

  it("passes a limit's message on politely, as a notice rather than an error", async () => {
    const { gateway } = await renderBlocks({ signedIn: true });
    gateway.failNext(RUN, 429, 'Too many attempts in a minute. Try again in 12 seconds.');
    await userEvent.click(await block('First block').findByRole('button', { name: 'Run' }));
    expect(await block('First block').findByRole('status')).toHaveTextContent('Too many attempts in a minute. Try again in 12 seconds.');
    expect(block('First block').queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to sign in for PostgreSQL, without calling the server', async () => {
    const { gateway } = await renderBlocks({ signedIn: false });
    await userEvent.click(await block('Second block').findByRole('button', { name: 'Run' }));
    expect(await block('Second block').findByRole('status')).toHaveTextContent('Sign in to run on PostgreSQL');
    expect(gateway.calls).not.toContain(RUN);
  });
});

describe('a block outside a course', () => {
  it('shows PostgreSQL disabled, says why, and runs on SQLite', async () => {
    server.use(http.get('/api/users/me', () => HttpResponse.json(profile('postgres'))));
    const store = createAppStore({ token: unsignedToken(), syncAcrossTabs: false });
    await act(async () =>
      render(
        <Provider store={store}>
          <RunnableCode snippet={{ language: 'sql', code: 'SELECT 1;' }} />
        </Provider>,
      ),
    );
    const group = await screen.findByRole('radiogroup', { name: 'SQL engine' });
    expect(within(group).getByRole('radio', { name: 'PostgreSQL' })).toBeDisabled();
    expect(within(group).getByRole('radio', { name: 'SQLite' })).toBeChecked();
    expect(group).toHaveAccessibleDescription(/PostgreSQL runs need a course’s practice database/);
  });

  it('never shows the switch on a mongo block', async () => {
    const store = createAppStore({ token: null, syncAcrossTabs: false });
    await act(async () =>
      render(
        <Provider store={store}>
          <RunnableCode snippet={{ language: 'mongo', code: 'db.books.find({})' }} />
        </Provider>,
      ),
    );
    await screen.findByRole('button', { name: 'Run' });
    expect(screen.queryByRole('radiogroup', { name: 'SQL engine' })).toBeNull();
  });
});
