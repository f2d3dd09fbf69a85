import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuthStore } from './authStore';
import { LOGIN_PATH, type LoginRouteState, type ReturnLocation } from './loginRedirect';

function toReturnLocation(location: Location): ReturnLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: location.state };
}

interface RequireAuthProps {
  children: ReactNode;
  /** Shown while the stored session is being read (default: a polite "Checking your session…"). */
  loading?: ReactNode;
}

/** Renders its children for a signed-in user; sends a visitor to /login and back here afterwards. */
export function RequireAuth({ children, loading }: RequireAuthProps) {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'loading') return <>{loading ?? <p role="status">Checking your session…</p>}</>;
  if (status === 'signedOut') {
    const state: LoginRouteState = { from: toReturnLocation(location) };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <>{children}</>;
}
