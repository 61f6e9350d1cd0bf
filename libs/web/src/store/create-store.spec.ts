import { jest } from '@jest/globals';
import { createSlice } from '@reduxjs/toolkit';
import { LEARNER, unsignedToken } from '../../testing/tokens.js';
import { selectIsSignedIn, selectUser, signedIn, signedOut } from '../session/session-slice.js';
import { createAppStore } from './create-store.js';
import { rootReducer } from './root-reducer.js';

// How a feature area declares the slice it injects (remotes merge into '@dblearn/web' the same way).
declare module './root-reducer.js' {
  interface LazyLoadedSlices {
    notes: { count: number };
  }
}

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

describe('createAppStore', () => {
  it('starts signed in from a live token in localStorage', () => {
    const token = unsignedToken();
    localStorage.setItem('token', token);
    const store = createAppStore({ syncAcrossTabs: false });
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectUser(store.getState())).toEqual(LEARNER);
    expect(store.getState().session.token).toBe(token);
  });

  it('starts signed out and forgets a stored token that is expired or undecodable', async () => {
    for (const stored of [unsignedToken({}, -10), 'not-a-jwt']) {
      localStorage.setItem('token', stored);
      const store = createAppStore({ syncAcrossTabs: false });
      expect(selectIsSignedIn(store.getState())).toBe(false);
      await Promise.resolve();
      expect(localStorage.getItem('token')).toBeNull();
    }
  });

  it('stores the token on sign-in and removes it on sign-out', () => {
    const store = createAppStore({ token: null, syncAcrossTabs: false });
    const token = unsignedToken();
    store.dispatch(signedIn(token));
    expect(localStorage.getItem('token')).toBe(token);
    store.dispatch(signedOut());
    expect(localStorage.getItem('token')).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
  });

  it('ends the session when the token expires', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-02T10:00:00Z') });
    const store = createAppStore({ token: unsignedToken({}, 90), syncAcrossTabs: false });
    await jest.advanceTimersByTimeAsync(89_000);
    expect(selectIsSignedIn(store.getState())).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows a login and a logout made in another tab', () => {
    const store = createAppStore({ token: null });
    const token = unsignedToken();
    localStorage.setItem('token', token);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: token }));
    expect(selectIsSignedIn(store.getState())).toBe(true);
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });

  it('lets a feature area inject its slice into the one store', () => {
    const notes = createSlice({
      name: 'notes',
      initialState: { count: 0 },
      reducers: { added: (state) => void (state.count += 1) },
      selectors: { selectCount: (state) => state.count },
    });
    const injected = notes.injectInto(rootReducer);
    const store = createAppStore({ token: null, syncAcrossTabs: false });
    expect(injected.selectors.selectCount(store.getState())).toBe(0);
    store.dispatch(notes.actions.added());
    expect(injected.selectors.selectCount(store.getState())).toBe(1);
  });
});
