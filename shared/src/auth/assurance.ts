import type { Session } from '@supabase/supabase-js';

type AssuranceLevel = 'aal1' | 'aal2';

export interface Assurance {
  /** What the access token says the session proved (`aal` claim), or null without a readable token. */
  current: AssuranceLevel | null;
  /** What the user's verified factors ask for: aal2 once they have one. */
  next: AssuranceLevel | null;
}

function tokenAal(accessToken: unknown): AssuranceLevel | null {
  if (typeof accessToken !== 'string') return null;
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown };
    return json.aal === 'aal1' || json.aal === 'aal2' ? json.aal : null;
  } catch {
    return null;
  }
}

/**
 * The session's assurance level and the one its user needs, read from the session as supabase-js's
 * `mfa.getAuthenticatorAssuranceLevel()` reads it (the token's `aal`, the user's verified factors),
 * without a request, so the first paint already knows.
 */
export function assuranceOf(session: Pick<Session, 'access_token' | 'user'> | null): Assurance {
  if (!session) return { current: null, next: null };
  const current = tokenAal(session.access_token);
  const verified = (session.user?.factors ?? []).some((factor) => factor.status === 'verified');
  return { current, next: verified ? 'aal2' : current };
}

/** A sign-in that still owes its second factor: the password (or mailed link) is done, the code is not. */
export const awaitsSecondFactor = (assurance: Assurance) => assurance.current === 'aal1' && assurance.next === 'aal2';
