// Where a visitor sent to log in goes back to afterwards. Only paths of this site are accepted,
// so a crafted link (?redirect=https://evil.example) cannot turn the login page into a redirector.

/** A place in the app, with the navigation state its screen needs (e.g. /design's selectedTemplate). */
export interface ReturnLocation {
  pathname: string;
  search?: string;
  hash?: string;
  state?: unknown;
}

/** What the login route finds in `location.state` when a page sent the visitor there. */
export interface LoginRouteState {
  from: ReturnLocation | string;
}

export const LOGIN_PATH = '/login';
const AFTER_LOGIN_PATH = '/home';

/** Screens that make no sense to return to after logging in. */
const AUTH_SCREENS = new Set(['/', '/login', '/register', '/forgot-password', '/reset-password', '/auth/callback']);

/** A same-origin path (`/x?y#z`) made from the candidate, or null if it points anywhere else. */
export function sameOriginPath(candidate: unknown): ReturnLocation | null {
  if (typeof candidate !== 'string') return null;
  // "//host" and "/\host" are protocol-relative to browsers: refuse before URL parsing normalises them.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  const base = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function fromState(state: unknown): ReturnLocation | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return sameOriginPath(from);
  if (from && typeof from === 'object' && 'pathname' in from) {
    const place = from as ReturnLocation;
    const path = sameOriginPath(`${place.pathname}${place.search ?? ''}${place.hash ?? ''}`);
    return path ? { ...path, state: place.state } : null;
  }
  return null;
}

/**
 * Where to go after a successful login: `location.state.from`, else `?redirect=`, else /home.
 * Auth screens themselves are never a destination.
 */
export function returnLocationAfterLogin(location: { state?: unknown; search?: string }): ReturnLocation {
  const redirect = new URLSearchParams(location.search ?? '').get('redirect');
  const target = fromState(location.state) ?? sameOriginPath(redirect);
  if (!target || AUTH_SCREENS.has(target.pathname)) return { pathname: AFTER_LOGIN_PATH };
  return target;
}
