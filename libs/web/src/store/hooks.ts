import type { SqlEngine } from '@dblearn/contracts';
import { useCallback } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { labEngineChosen, selectLabEngine } from '../lab-engine/lab-engine-slice.js';
import { selectUser } from '../session/session-slice.js';
import type { AppDispatch, AppStore } from './create-store.js';
import type { RootState } from './root-reducer.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** Who is signed in, from the token's claims (no call needed). */
export function useSession() {
  const user = useAppSelector(selectUser);
  return { isSignedIn: user !== null, isAdmin: user?.isAdmin ?? false, user };
}

/** The engine every SQL lab of the page runs on, and how to choose another (remembered for the learner, issue 32). */
export function useLabEngine(): [SqlEngine, (engine: SqlEngine) => void] {
  const engine = useAppSelector(selectLabEngine);
  const dispatch = useAppDispatch();
  const choose = useCallback((next: SqlEngine) => dispatch(labEngineChosen(next)), [dispatch]);
  return [engine, choose];
}
