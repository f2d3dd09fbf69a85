import { loadSupabase } from '@folioforge/shared';

/** What the auth server put in the fragment of a mailed link's redirect when it refused the link. */
export interface LinkFailure {
  code: string;
  description: string;
}

/** Reads `#error=…&error_code=…&error_description=…` (GoTrue's redirect on a bad or expired link). */
function linkFailureInHash(hash: string): LinkFailure | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.get('error') && !params.get('error_code') && !params.get('error_description')) return null;
  return {
    code: params.get('error_code') ?? params.get('error') ?? 'unspecified_code',
    description: params.get('error_description') ?? 'This link is invalid or has expired.',
  };
}

/**
 * Waits for supabase-js to finish reading the link (detectSessionInUrl runs as the client starts, usually
 * before this remote loads) and tells whether it produced a session or a failure.
 */
export async function settleLinkSession(hashAtArrival: string): Promise<{ signedIn: boolean; failure: LinkFailure | null }> {
  const auth = (await loadSupabase()).auth;
  const { error } = await auth.initialize();
  const fromHash = linkFailureInHash(hashAtArrival);
  if (error || fromHash) {
    const details = error && 'details' in error ? (error as { details?: { code?: string } }).details : undefined;
    return {
      signedIn: false,
      failure: fromHash ?? { code: details?.code ?? error?.code ?? 'unspecified_code', description: error?.message ?? '' },
    };
  }
  const { data } = await auth.getSession();
  return { signedIn: Boolean(data.session), failure: null };
}

/**
 * Drops tokens or error codes from the address bar and history entry. Done with the History API, as
 * supabase-js does itself: the path stays the same, so the router has nothing to react to.
 */
export function clearAuthFragment(): void {
  if (!window.location.hash && !window.location.href.endsWith('#')) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}
