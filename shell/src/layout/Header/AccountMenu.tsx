import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import { loadSupabase, signOut } from '@folioforge/shared';
import styles from './Header.module.scss';

function displayName(user: Pick<User, 'email' | 'user_metadata'>): string {
  const name = user.user_metadata?.['name'];
  return typeof name === 'string' && name.trim() ? name : (user.email ?? 'Account');
}

type SignOutScope = 'local' | 'global';

/**
 * The signed-in user's name as a disclosure button opening Account, Sign out and Sign out everywhere.
 * Escape closes and returns focus to the button; arrow keys move between the entries.
 */
export function AccountMenu({ user, onSignOutFailed }: { user: User; onSignOutFailed(message: string): void }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState<SignOutScope | null>(null);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => setOpen(false), [location.pathname]);

  // A click or focus anywhere else closes the menu, as it would a native one.
  useEffect(() => {
    if (!open) return;
    function closeIfOutside(event: Event) {
      const target = event.target as Node | null;
      if (target && !panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('mousedown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('mousedown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [open]);

  function entries(): HTMLElement[] {
    return Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      // The entries exist after this render.
      requestAnimationFrame(() => entries()[event.key === 'ArrowUp' ? entries().length - 1 : 0]?.focus());
      return;
    }
    const items = entries();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  async function handleSignOut(scope: SignOutScope) {
    setSigningOut(scope);
    try {
      await signOut(await loadSupabase(), scope);
      setOpen(false);
      navigate('/');
    } catch (error) {
      onSignOutFailed(`You are still signed in: ${(error as Error).message}`);
    } finally {
      setSigningOut(null);
    }
  }

  return (
    <div className={styles.accountMenu} onKeyDown={handleKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.accountButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className={styles.userName}>{displayName(user)}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
        <span className="visually-hidden">, account menu</span>
      </button>
      <ul id={menuId} ref={panelRef} className={styles.accountPanel} hidden={!open}>
        <li>
          <Link to="/portfolios" onClick={() => setOpen(false)}>
            My portfolios
          </Link>
        </li>
        <li>
          <Link to="/account" onClick={() => setOpen(false)}>
            Account
          </Link>
        </li>
        <li>
          <button
            type="button"
            disabled={signingOut !== null}
            aria-busy={signingOut === 'local' || undefined}
            onClick={() => void handleSignOut('local')}
          >
            Sign out
          </button>
        </li>
        <li>
          <button
            type="button"
            disabled={signingOut !== null}
            aria-busy={signingOut === 'global' || undefined}
            onClick={() => void handleSignOut('global')}
          >
            Sign out everywhere
          </button>
        </li>
      </ul>
    </div>
  );
}
