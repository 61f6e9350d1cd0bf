import { notifyUnexpectedError, readSession, signedIn, useAppDispatch } from '@dblearn/web';
import { useCallback } from 'react';

/** Starts the session with a token the gateway just issued; false if it is not a usable session. */
export function useSignIn(): (token: string) => boolean {
  const dispatch = useAppDispatch();
  return useCallback(
    (token: string) => {
      if (!readSession(token)) {
        notifyUnexpectedError();
        return false;
      }
      dispatch(signedIn(token));
      return true;
    },
    [dispatch],
  );
}
