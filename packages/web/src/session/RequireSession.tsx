/** Guards `/`: a signed-in user passes; otherwise the stored tokens are validated first. */
import { type ReactNode, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Splash } from './screens/Splash';
import { selectIsUserLoggedIn } from './sessionSlice';
import { validateStoredSession } from './thunks';

/** Renders children once an org session exists; validation failure navigates to /user/login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsUserLoggedIn);
  const dispatch = useAppDispatch();

  // Decided once, on entry: a session that ends while the desktop is open was ended by code that
  // also chose where to go (logout → /user/login, lock-screen logout → /user/forgot-password), and
  // validating again here would race that navigation.
  const [mustValidate] = useState(() => !loggedIn);
  useEffect(() => {
    if (mustValidate) void dispatch(validateStoredSession());
  }, [mustValidate, dispatch]);

  return loggedIn ? children : <Splash label="Restoring your session…" />;
}
