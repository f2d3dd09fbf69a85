import type { Session } from '@supabase/supabase-js';

type AssuranceLevel = 'aal1' | 'aal2';

export interface Assurance {
  /** What the access token says the session proved (`aal` claim), or null without a readable token. */
  current: AssuranceLevel | null;
  /** What the user's verified factors ask for: aal2 once they have one. */
  next: AssuranceLevel | null;
}

interface TokenClaims {
  aal: AssuranceLevel | null;
  /** The session a recovery code stood in for the second factor in, when it is this token's session. */
  recovered: boolean;
}

function tokenClaims(accessToken: unknown): TokenClaims {
  if (typeof accessToken !== 'string') return { aal: null, recovered: false };
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      aal?: unknown;
      session_id?: unknown;
      app_metadata?: { mfa_recovered_session?: unknown };
    };
    return {
      aal: json.aal === 'aal1' || json.aal === 'aal2' ? json.aal : null,
      recovered: typeof json.session_id === 'string' && json.app_metadata?.mfa_recovered_session === json.session_id,
    };
  } catch {
    return { aal: null, recovered: false };
  }
}

/**
 * The session's assurance level and the one its user needs, read from the session as supabase-js's
 * `mfa.getAuthenticatorAssuranceLevel()` reads it (the token's `aal`, the user's verified factors),
 * without a request, so the first paint already knows. A session a recovery code was used in (the
 * account function names it in app_metadata, and the database's mfa_satisfied() agrees) needs no more.
 */
export function assuranceOf(session: Pick<Session, 'access_token' | 'user'> | null): Assurance {
  if (!session) return { current: null, next: null };
  const { aal: current, recovered } = tokenClaims(session.access_token);
  const verified = (session.user?.factors ?? []).some((factor) => factor.status === 'verified');
  return { current, next: verified && !recovered ? 'aal2' : current };
}

/** A sign-in that still owes its second factor: the password (or mailed link) is done, the code is not. */
export const awaitsSecondFactor = (assurance: Assurance) => assurance.current === 'aal1' && assurance.next === 'aal2';
