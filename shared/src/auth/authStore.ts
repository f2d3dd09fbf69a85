import { create } from 'zustand';
import * as z from 'zod/mini';
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { builtOnFirstUse } from '../../../supabase/functions/_shared/builtOnFirstUse';
import { assuranceOf, awaitsSecondFactor, type Assurance } from './assurance';

type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  /** signedIn only once the sign-in is complete: a session still owing its second factor is not. */
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** The session's assurance level and the one its user needs (aal2 with a verified factor). */
  aal: Assurance;
  /**
   * A sign-in waiting for the code from the user's authenticator app (an aal1 session of a user with
   * a verified factor): the app treats the visitor as signed out and /login asks for the code.
   */
  secondFactor: { session: Session; user: User } | null;
  /** A message for the visitor about their session (ended, expired), cleared when read. */
  notice: string | null;
  /** True after a password-recovery link signed the visitor in, until they sign out. */
  passwordRecovery: boolean;
  setNotice(notice: string | null): void;
}

export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';
export const SIGNED_OUT_ELSEWHERE_NOTICE = 'You signed out in another tab.';

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  session: null,
  user: null,
  aal: { current: null, next: null },
  secondFactor: null,
  notice: null,
  passwordRecovery: false,
  setNotice: (notice) => set({ notice }),
}));

/** The store's view of a session: complete (signedIn), owing its second factor, or none. */
function sessionState(session: Session | null): Pick<AuthState, 'status' | 'session' | 'user' | 'aal' | 'secondFactor'> {
  const aal = assuranceOf(session);
  if (session && awaitsSecondFactor(aal)) {
    return { status: 'signedOut', session: null, user: null, aal, secondFactor: { session, user: session.user } };
  }
  return { status: session ? 'signedIn' : 'signedOut', session, user: session?.user ?? null, aal, secondFactor: null };
}

/**
 * Our own cross-tab note "this sign-out was asked for". supabase-js already broadcasts SIGNED_OUT to
 * the other tabs (BroadcastChannel named after its storage key), but without saying whether the visitor
 * asked for it, so without this note every other tab would claim the session ended by itself.
 */
const SIGN_OUT_CHANNEL = 'folioforge-auth';
let signOutChannel: BroadcastChannel | null | undefined;
let signedOutElsewhereAt = 0;
/** How long a note from another tab explains a SIGNED_OUT that arrives here. */
const ELSEWHERE_WINDOW_MS = 10_000;

function channel(): BroadcastChannel | null {
  if (signOutChannel === undefined) {
    signOutChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_OUT_CHANNEL) : null;
    // Node (tests, SSR) would otherwise stay alive for the channel; browsers have no unref.
    (signOutChannel as { unref?: () => void } | null)?.unref?.();
    signOutChannel?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type !== 'signed-out-on-purpose') return;
      signedOutElsewhereAt = Date.now();
      // The note may arrive after supabase-js's own broadcast: correct the notice already shown.
      const state = useAuthStore.getState();
      if (state.status === 'signedOut' && state.notice === SESSION_ENDED_NOTICE)
        useAuthStore.setState({ notice: SIGNED_OUT_ELSEWHERE_NOTICE });
    });
  }
  return signOutChannel;
}

/**
 * Mirrors the client's auth state into the one shared store. Returns the unsubscribe function.
 * A SIGNED_OUT that the visitor did not ask for (refresh failed for good) leaves a notice;
 * one asked for in another tab says so.
 */
export function connectAuthStore(client: SupabaseClient): () => void {
  channel(); // start listening for other tabs' notes before the first event
  const { data } = client.auth.onAuthStateChange((event, session) => {
    const previous = useAuthStore.getState();
    const wasSignedIn = previous.status === 'signedIn';
    const signingOut = expectedSignOut;
    if (event === 'SIGNED_OUT') expectedSignOut = false;
    let notice = previous.notice;
    // A fresh login makes an old "session ended" moot.
    if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') notice = null;
    // INITIAL_SESSION without one after the header showed the stored session: it ended before
    // supabase-js loaded (expired, or signed out in another tab), which the visitor should hear too.
    if ((event === 'SIGNED_OUT' || (event === 'INITIAL_SESSION' && !session)) && wasSignedIn && !signingOut) {
      notice = Date.now() - signedOutElsewhereAt < ELSEWHERE_WINDOW_MS ? SIGNED_OUT_ELSEWHERE_NOTICE : SESSION_ENDED_NOTICE;
    }
    useAuthStore.setState({
      ...sessionState(session),
      notice,
      passwordRecovery: event === 'PASSWORD_RECOVERY' ? true : session ? previous.passwordRecovery : false,
    });
  });
  return () => data.subscription.unsubscribe();
}

let expectedSignOut = false;

/** What supabase-js keeps in localStorage, as far as the header and the screens read it. */
const storedSessionSchema = builtOnFirstUse(() =>
  z.looseObject({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_at: z.optional(z.number()),
    user: z.looseObject({
      id: z.string(),
      email: z.optional(z.string()),
      user_metadata: z.optional(z.record(z.string(), z.unknown())),
      factors: z.optional(z.array(z.looseObject({ status: z.string() }))),
    }),
  }),
);

/**
 * Shows the session supabase-js stored on an earlier visit without loading supabase-js: the header
 * can say who is signed in on the first paint. supabase-js confirms or ends it once it loads (it
 * refreshes an expired token, and a failed refresh is a SIGNED_OUT with its notice). Anything
 * unreadable counts as no session. Only moves the store out of 'loading'.
 */
export function restoreStoredSession(storageKey: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): void {
  if (useAuthStore.getState().status !== 'loading') return;
  let stored: unknown = null;
  try {
    stored = JSON.parse(storage?.getItem(storageKey) ?? 'null');
  } catch {
    stored = null;
  }
  // A first visit has none: its start builds no schema.
  const parsed = stored === null ? undefined : storedSessionSchema().safeParse(stored);
  if (!parsed?.success) {
    useAuthStore.setState(sessionState(null));
    return;
  }
  // Checked for the fields FolioForge reads; the rest is supabase-js's own Session as it wrote it.
  const session = parsed.data as unknown as Session;
  useAuthStore.setState(sessionState(session));
}

/**
 * How many times a sign-out is asked for while another tab keeps replacing the session under it.
 * supabase-js refreshes a token about to expire before it signs out; when another tab of this browser
 * stores its own refresh first, supabase-js discards ours and the sign-out fails with
 * AuthRefreshDiscardedError, the visitor still signed in. Asked again, it reads the other tab's session.
 */
const SIGN_OUT_ATTEMPTS = 3;

/** Signs out on the server (local scope by default) and marks the SIGNED_OUT as asked for. */
export async function signOut(client: SupabaseClient, scope: 'local' | 'global' | 'others' = 'local'): Promise<void> {
  expectedSignOut = scope !== 'others';
  // Told before supabase-js broadcasts its SIGNED_OUT, so the other tabs word their notice right.
  if (expectedSignOut) channel()?.postMessage({ type: 'signed-out-on-purpose' });
  for (let attempt = 1; ; attempt++) {
    const { error } = await client.auth.signOut({ scope });
    if (!error) return;
    // By name: importing supabase-js's isAuthRefreshDiscardedError would load it with the shell.
    if (error.name === 'AuthRefreshDiscardedError' && attempt < SIGN_OUT_ATTEMPTS) continue;
    expectedSignOut = false;
    throw error;
  }
}
