import { create } from 'zustand';
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** The last onAuthStateChange event, e.g. to show "Your session ended" after a failed refresh. */
  lastEvent: AuthChangeEvent | null;
  /** A message for the visitor about their session (ended, expired), cleared when read. */
  notice: string | null;
  setNotice(notice: string | null): void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  session: null,
  user: null,
  lastEvent: null,
  notice: null,
  setNotice: (notice) => set({ notice }),
}));

/**
 * Mirrors the client's auth state into the one shared store. Returns the unsubscribe function.
 * A SIGNED_OUT that the visitor did not ask for (refresh failed for good) leaves a notice.
 */
export function connectAuthStore(client: SupabaseClient): () => void {
  const { data } = client.auth.onAuthStateChange((event, session) => {
    const wasSignedIn = useAuthStore.getState().status === 'signedIn';
    const signingOut = expectedSignOut;
    expectedSignOut = false;
    useAuthStore.setState({
      status: session ? 'signedIn' : 'signedOut',
      session,
      user: session?.user ?? null,
      lastEvent: event,
      ...(event === 'SIGNED_OUT' && wasSignedIn && !signingOut
        ? { notice: 'Your session has ended. Please log in again.' }
        : {}),
    });
  });
  return () => data.subscription.unsubscribe();
}

let expectedSignOut = false;

/** Signs out on the server (local scope by default) and marks the SIGNED_OUT as asked for. */
export async function signOut(client: SupabaseClient, scope: 'local' | 'global' | 'others' = 'local'): Promise<void> {
  expectedSignOut = scope !== 'others';
  const { error } = await client.auth.signOut({ scope });
  if (error) {
    expectedSignOut = false;
    throw error;
  }
}
