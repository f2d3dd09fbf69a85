import { useCallback, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from 'react-router-dom';
import type { Session, User } from '@supabase/supabase-js';
import { useAuthStore, type AuthStatus } from './authStore';
import { LOGIN_PATH, type LoginRouteState, type ReturnLocation } from './loginRedirect';

function toReturnLocation(location: Location): ReturnLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: location.state };
}

export interface RequiredSession {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /**
   * Sends the visitor to /login; after logging in they come back to `from` (default: this page,
   * with its navigation state). The caller keeps its own draft (e.g. in sessionStorage) meanwhile.
   */
  redirectToLogin(from?: ReturnLocation | string): void;
  /** True when signed in; otherwise sends the visitor to log in and returns false. For action handlers. */
  ensureSession(from?: ReturnLocation | string): boolean;
}

/**
 * For pages that act for a user (saving, publishing, paying): read the session and, when there is
 * none, ask the visitor to log in and bring them back here afterwards.
 */
export function useRequireSession(): RequiredSession {
  const { status, session, user } = useAuthStore();
  const location = useLocation();
  const navigate = useNavigate();
  const redirectToLogin = useCallback(
    (from?: ReturnLocation | string) => {
      const state: LoginRouteState = { from: from ?? toReturnLocation(location) };
      navigate(LOGIN_PATH, { state });
    },
    [location, navigate],
  );
  const ensureSession = useCallback(
    (from?: ReturnLocation | string) => {
      if (useAuthStore.getState().status === 'signedIn') return true;
      redirectToLogin(from);
      return false;
    },
    [redirectToLogin],
  );
  return { status, session, user, redirectToLogin, ensureSession };
}

export interface RequireAuthProps {
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
