import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuthStore } from '@folioforge/shared';
import { AccountMenu } from './AccountMenu';
import { SessionNotice } from './SessionNotice';
import styles from './Header.module.scss';

const NAV_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/templates', label: 'Templates' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact-us', label: 'Contact Us' },
];

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { status, user } = useAuthStore();
  const [signOutProblem, setSignOutProblem] = useState<string | null>(null);
  const location = useLocation();

  // A phone menu closes once the visitor has chosen where to go.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/home" className={styles.brand}>
          FolioForge
        </Link>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="site-nav" aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.open : ''}`}>
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {/* Nothing while the stored session is read, so a signed-in visitor never sees "log in" flash.
              Pages rendered ahead leave this area empty too (data-session-area): they know no session. */}
          <div className={styles.account} data-session-area>
            {status === 'signedIn' && user ? <AccountMenu user={user} onSignOutFailed={setSignOutProblem} /> : null}
            {status === 'signedOut' ? (
              // Named by its text: written out in the phone menu, beside the icon; read out only on wide screens.
              <Link to="/login" className={styles.loginIcon} title="Log in">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
                </svg>
                <span className={styles.loginText}>Log in</span>
              </Link>
            ) : null}
          </div>
        </nav>
      </div>
      <SessionNotice extra={signOutProblem} onDismissExtra={() => setSignOutProblem(null)} />
    </header>
  );
}
