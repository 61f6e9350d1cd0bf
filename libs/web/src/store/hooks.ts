import { useDispatch, useSelector, useStore } from 'react-redux';
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
