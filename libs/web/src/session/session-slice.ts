import type { TokenClaims } from '@dblearn/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSession, type Session } from './token.js';

export interface SessionState {
  token: string | null;
  user: TokenClaims | null;
  expiresAt: number | null;
}

const signedOutState: SessionState = { token: null, user: null, expiresAt: null };

export function sessionState(session: Session | null): SessionState {
  return session ? { token: session.token, user: session.user, expiresAt: session.expiresAt } : signedOutState;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: signedOutState,
  reducers: {
    /** Login, register, a restored or another tab's token: a token that is not a live session signs out. */
    signedIn: {
      reducer: (_state, action: PayloadAction<Session | null>) => sessionState(action.payload),
      prepare: (token: string) => ({ payload: readSession(token) }),
    },
    /** Logout, expiry, or the gateway's 401. */
    signedOut: () => signedOutState,
  },
  selectors: {
    selectToken: (session) => session.token,
    selectUser: (session) => session.user,
    selectIsSignedIn: (session) => session.token !== null,
    selectIsAdmin: (session) => session.user?.isAdmin ?? false,
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const { selectToken, selectUser, selectIsSignedIn, selectIsAdmin } = sessionSlice.selectors;
