import { signedOut, useAppDispatch } from '@dblearn/web';
import { useEffect } from 'react';
import { useNavigate } from '@dblearn/web/router';

/** SPEC §2: /logout clears the stored token and returns to /. */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    dispatch(signedOut());
    navigate('/', { replace: true });
  }, [dispatch, navigate]);
  return (
    <p className="area-loading" role="status">
      Signing out…
    </p>
  );
}
