import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import { dateFormatter, Alert, Button, RequireAuth, ServerStateProvider, getSupabase, signOut, useAuthStore } from '@folioforge/shared';
import { NewPasswordForm } from '../../lib/NewPasswordForm';
import { describeAuthError } from '../../lib/authErrors';
import { usePortfolios, useProfile, useSubscribers, type PortfolioSummary, type SubscriberSummary } from './accountData';
import { BillingSection } from './BillingSection';
import { PlanSection } from './PlanSection';
import { DomainsSection } from './DomainsSection';
import { FreeDomainSection } from './FreeDomainSection';
import { YourDataSection } from './YourDataSection';
import { PageMessagesSection } from './PageMessagesSection';
import { ProfileSection } from './ProfileSection';
import { SellingSection } from './SellingSection';
import { ShopOrdersSection } from './ShopOrdersSection';
import { ShopCustomersSection } from './ShopCustomersSection';
import { useShopOrders } from './shopData';
import { SELLING_CARD_ID } from '@folioforge/shared/functions';
import { TwoFactorSection } from './TwoFactorSection';
import { useLiveAccount } from './useLiveAccount';
import styles from './Account.module.scss';

const dateFormat = dateFormatter('en-IN', { dateStyle: 'medium' });

function PortfolioList({ portfolios }: { portfolios: PortfolioSummary[] }) {
  if (portfolios.length === 0) {
    return (
      <p>
        No portfolios yet — <Link to="/templates">pick a template</Link>.
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {portfolios.map((portfolio) => (
        <li key={portfolio.id} className={styles.item}>
          <strong>{portfolio.title?.trim() || 'Untitled portfolio'}</strong>
          <span>{portfolio.template_id === 'generator' ? 'Portfolio generator' : `Template ${portfolio.template_id}`}</span>
          <span>{portfolio.published ? 'Published' : 'Draft'}</span>
          <span>Updated {dateFormat(portfolio.updated_at)}</span>
        </li>
      ))}
    </ul>
  );
}

function SubscriberList({ subscribers, portfolios }: { subscribers: SubscriberSummary[]; portfolios: PortfolioSummary[] }) {
  if (subscribers.length === 0) {
    return <p>No one yet. Visitors of your published pages can leave their email here; every plan includes it.</p>;
  }
  const pageTitle = (id: string) => portfolios.find((portfolio) => portfolio.id === id)?.title?.trim() || 'Untitled portfolio';
  return (
    <ul className={styles.list}>
      {subscribers.map((subscriber) => (
        <li key={subscriber.id} className={styles.item}>
          <strong>{subscriber.email}</strong>
          {subscriber.name ? <span>{subscriber.name}</span> : null}
          <span>on {pageTitle(subscriber.portfolio_id)}</span>
          <span>{dateFormat(subscriber.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}

function AccountSections({ user }: { user: User }) {
  const navigate = useNavigate();
  const [profile, reloadProfile, setProfile] = useProfile(user.id);
  const [portfolios, reloadPortfolios] = usePortfolios(user.id);
  const [subscribers, reloadSubscribers] = useSubscribers(user.id);
  const [shopOrders] = useShopOrders(user.id);
  useLiveAccount(user.id, portfolios.kind === 'loaded' ? portfolios.value.map((portfolio) => portfolio.id) : null);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutProblem, setSignOutProblem] = useState<string | null>(null);

  async function handleSignOutEverywhere() {
    setSigningOut(true);
    setSignOutProblem(null);
    try {
      await signOut(getSupabase(), 'global');
      navigate('/', { replace: true });
    } catch (error) {
      setSignOutProblem(describeAuthError(error).message);
      setSigningOut(false);
    }
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Your account</h1>

      <section className={styles.section} aria-labelledby="account-section-profile">
        <h2 id="account-section-profile">Profile</h2>
        <ProfileSection user={user} profile={profile} onSaved={setProfile} onRetry={reloadProfile} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-password">
        <h2 id="account-section-password">Change password</h2>
        <NewPasswordForm
          idPrefix="account"
          submitLabel="Change password"
          done={<Alert tone="success">Your password has been changed.</Alert>}
        />
      </section>

      <section className={styles.section} aria-labelledby="account-section-security" id="security">
        <h2 id="account-section-security">Two-factor sign-in</h2>
        <TwoFactorSection />
      </section>

      <section className={styles.section} aria-labelledby="account-section-portfolios">
        <h2 id="account-section-portfolios">Your portfolios</h2>
        {portfolios.kind === 'loading' ? <p role="status">Loading your portfolios…</p> : null}
        {portfolios.kind === 'failed' ? (
          <Alert tone="error">
            Your portfolios could not be loaded: {portfolios.message}{' '}
            <Button variant="ghost" onClick={reloadPortfolios}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {portfolios.kind === 'loaded' ? <PortfolioList portfolios={portfolios.value} /> : null}
      </section>

      <section className={styles.section} aria-labelledby="account-section-plan">
        <h2 id="account-section-plan">Your plan</h2>
        <PlanSection userId={user.id} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-domains">
        <h2 id="account-section-domains">Your domains</h2>
        <FreeDomainSection userId={user.id} portfolios={portfolios.kind === 'loaded' ? portfolios.value : []} />
        <h3>A domain you already own</h3>
        <DomainsSection userId={user.id} portfolios={portfolios.kind === 'loaded' ? portfolios.value : []} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-selling" id={SELLING_CARD_ID}>
        <h2 id="account-section-selling">Selling</h2>
        <SellingSection userId={user.id} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-orders" id="orders">
        <h2 id="account-section-orders">Orders</h2>
        <ShopOrdersSection userId={user.id} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-customers" id="customers">
        <h2 id="account-section-customers">Customers</h2>
        <ShopCustomersSection
          orders={shopOrders}
          subscribers={subscribers}
          portfolios={portfolios.kind === 'loaded' ? portfolios.value : []}
        />
      </section>

      <section className={styles.section} aria-labelledby="account-section-purchases" id="billing">
        <h2 id="account-section-purchases">Billing and receipts</h2>
        <BillingSection user={user} />
      </section>

      <section className={styles.section} aria-labelledby="account-section-subscribers">
        <h2 id="account-section-subscribers">Customers who signed up</h2>
        {subscribers.kind === 'loading' ? <p role="status">Loading who signed up…</p> : null}
        {subscribers.kind === 'failed' ? (
          <Alert tone="error">
            Who signed up could not be loaded: {subscribers.message}{' '}
            <Button variant="ghost" onClick={reloadSubscribers}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {subscribers.kind === 'loaded' ? (
          <SubscriberList subscribers={subscribers.value} portfolios={portfolios.kind === 'loaded' ? portfolios.value : []} />
        ) : null}
      </section>

      <PageMessagesSection userId={user.id} portfolios={portfolios.kind === 'loaded' ? portfolios.value : []} />

      <YourDataSection user={user} />

      <section className={styles.section} aria-labelledby="account-section-sessions">
        <h2 id="account-section-sessions">Sessions</h2>
        <p>Signs you out on every device and browser where you are logged in.</p>
        {signOutProblem ? <Alert tone="error">{signOutProblem}</Alert> : null}
        <Button variant="secondary" busy={signingOut} onClick={() => void handleSignOutEverywhere()}>
          Sign out everywhere
        </Button>
      </section>
    </div>
  );
}

/** /account: profile, password, portfolios, plan, billing and receipts, and customers of the signed-in user. */
export default function Account() {
  const user = useAuthStore((state) => state.user);
  return (
    <ServerStateProvider>
      <RequireAuth
        loading={
          <p role="status" className={styles.page}>
            Loading your account…
          </p>
        }
      >
        {/* key: another user signing in (another tab) gets fresh sections, not the last one's. */}
        {user ? <AccountSections key={user.id} user={user} /> : null}
      </RequireAuth>
    </ServerStateProvider>
  );
}
