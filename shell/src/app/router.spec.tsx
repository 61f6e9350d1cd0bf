import { LEARNER, unsignedToken } from '@dblearn/web/testing';
import { refusal } from '@dblearn/web/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, TEAM } from '../../testing/render-app.js';

// SPEC §2: every route that needs a signed-in user, one path of each shape.
const GUARDED = [
  '/',
  '/catalog',
  '/catalog/6560f0c2a1b2c3d4e5f60718',
  '/catalog/6560f0c2a1b2c3d4e5f60718/tutorial/add/new',
  '/catalog/addOrEdit/new',
  '/projectLandingPage',
  '/projectLandingPage/6560f0c2a1b2c3d4e5f60718/project',
  '/interview',
  '/interview/new',
  '/qna',
  '/qna/edit/6560f0c2a1b2c3d4e5f60718',
  '/hub',
  '/profile',
  '/search',
];

let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;
afterEach(() => {
  rendered = undefined;
  localStorage.clear();
});

describe('routes', () => {
  it.each(GUARDED)('sends a visitor from %s to /login', async (path) => {
    rendered = await renderApp(path);
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(rendered.path()).toBe('/login');
  });

  it.each([
    ['/', 'catalog'],
    ['/catalog/6560f0c2a1b2c3d4e5f60718/project', 'catalog'],
    ['/projectLandingPage', 'catalog'],
    ['/interview/new', 'interview'],
    ['/qna/6560f0c2a1b2c3d4e5f60718', 'qna'],
    ['/hub', 'dashboard'],
    ['/profile', 'dashboard'],
  ])('mounts the area that owns %s for a signed-in user', async (path, area) => {
    rendered = await renderApp(path, { token: unsignedToken() });
    expect(await screen.findByRole('heading', { name: `${area} area` })).toBeInTheDocument();
    expect(rendered.path()).toBe(path);
  });

  it.each(['/no/such/page', '/profile/extra', '/hubs', '/login/again'])('turns the unknown path %s into Page Not Found', async (path) => {
    rendered = await renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(rendered.path()).toBe('/not-found');
  });

  it('shows About, Contact and Page Not Found to anyone', async () => {
    rendered = await renderApp('/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    rendered.unmount();
    rendered = await renderApp('/contact');
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
  });

  it.each(['/login', '/register'])('sends a signed-in user from %s home', async (path) => {
    rendered = await renderApp(path, { token: unsignedToken() });
    expect(await screen.findByRole('heading', { name: 'catalog area' })).toBeInTheDocument();
    expect(rendered.path()).toBe('/');
  });

  it('treats an expired stored token as signed out', async () => {
    rendered = await renderApp('/profile', { token: unsignedToken({}, -60) });
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(rendered.path()).toBe('/login');
  });

  it('logs out at /logout: the token is gone and / sends the visitor to /login', async () => {
    const token = unsignedToken();
    localStorage.setItem('token', token);
    rendered = await renderApp('/logout', { token });
    await waitFor(() => expect(rendered!.path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('ends the session when the gateway refuses the stored token', async () => {
    rendered = await renderApp('/profile', {
      token: unsignedToken(),
      api: [http.all('/api/*', () => refusal(401, 'Sign in again.'))],
    });
    await waitFor(() => expect(rendered!.path()).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('navbar', () => {
  it('signed out: brand, tagline, About and Contact anchors, Login and Register', async () => {
    rendered = await renderApp('/about');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'DBLearn' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Online Education & Learning')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    for (const hidden of ['Logout', 'User', 'Learning Hub', 'Recommended Projects', 'Practice', 'Interview Question', 'Q&A']) {
      expect(within(nav).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
  });

  it('signed in: Logout, User and the four areas', async () => {
    rendered = await renderApp('/about', { token: unsignedToken({ email: LEARNER.email }) });
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    expect(within(nav).getByRole('link', { name: 'User' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'Learning Hub' })).toHaveAttribute('href', '/catalog');
    expect(within(nav).getByRole('link', { name: 'Recommended Projects' })).toHaveAttribute('href', '/projectLandingPage');
    expect(within(nav).getByRole('link', { name: 'Practice' })).toHaveAttribute('href', '/practice');
    expect(within(nav).getByRole('link', { name: 'Interview Question' })).toHaveAttribute('href', '/interview');
    expect(within(nav).getByRole('link', { name: 'Q&A' })).toHaveAttribute('href', '/qna');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the due review cards as a small count that opens the review', async () => {
    const api = [
      http.get('/api/users/me/review', () => HttpResponse.json({ due: [], dueCount: 3, total: 5, streak: 0 })),
      http.all('/api/*', () => HttpResponse.json({ ...LEARNER, displayName: 'learner-1', savedQuestion: [], finishedProject: [], readTutorial: [] })),
    ];
    rendered = await renderApp('/about', { token: unsignedToken(), api });
    const badge = await within(screen.getByRole('navigation')).findByRole('link', { name: 'Review: 3 cards due' });
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveAttribute('href', '/interview/review');
  });

  it('shows no count when no card is due', async () => {
    rendered = await renderApp('/about', { token: unsignedToken() });
    await waitFor(() => expect(rendered!.gateway.calls).toContain('GET /api/users/me/review'));
    expect(within(screen.getByRole('navigation')).queryByRole('link', { name: /^Review:/ })).not.toBeInTheDocument();
  });

  it('opens an area from its link', async () => {
    rendered = await renderApp('/about', { token: unsignedToken() });
    const link = within(screen.getByRole('navigation')).getByRole('link', { name: 'Interview Question' });
    // The area suspends while it loads: let it settle inside act, as a browser would on its own.
    await act(() => userEvent.click(link));
    expect(await screen.findByRole('heading', { name: 'interview area' })).toBeInTheDocument();
    expect(rendered.path()).toBe('/interview');
  });
});

describe('footer', () => {
  it('has the about text and six team contacts from /config.json', async () => {
    rendered = await renderApp('/about');
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('#about')).toHaveTextContent(/learning databases and SQL/);
    const contact = footer.querySelector('#contact') as HTMLElement;
    await waitFor(() => expect(within(contact).getAllByRole('link')).toHaveLength(6));
    for (const member of TEAM) {
      expect(within(contact).getByRole('link', { name: member.name })).toHaveAttribute('href', `mailto:${member.email}`);
    }
  });
});
