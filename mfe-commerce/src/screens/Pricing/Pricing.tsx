import { Link } from 'react-router-dom';
import {
  dateFormatter,
  currencyName,
  formatMoney,
  PLAN_CURRENCY,
  planById,
  PLANS,
  ServerStateProvider,
  TEMPLATE_CURRENCY,
  TEMPLATE_PRICES,
  type PlanPrice,
} from '@folioforge/shared';
import CheckoutButton from '../../widgets/CheckoutButton/CheckoutButton';
import { useBilling, type UserBilling } from '../../billing/useBilling';
import { featuresOf, PLAN_FEATURES, PLAN_SUMMARIES } from './planFeatures';
import paymentMethodsUrl from './payment-methods.svg';
import styles from './Pricing.module.scss';

const dateFormat = dateFormatter('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
const formatDate = (iso: string | null | undefined) => (iso ? dateFormat(iso) : '');

const templateRupees = Object.values(TEMPLATE_PRICES) as number[];
const cheapestTemplate = formatMoney(Math.min(...templateRupees) * 100, TEMPLATE_CURRENCY);
const dearestTemplate = formatMoney(Math.max(...templateRupees) * 100, TEMPLATE_CURRENCY);
const cheapestPlan = PLANS.reduce((cheapest, plan) => (plan.amount < cheapest.amount ? plan : cheapest));

function ManageLink({ children }: { children: string }) {
  return (
    <Link className={styles.manage} to="/account">
      {children}
    </Link>
  );
}

/** What a plan's card offers this visitor: choose it, resume it, or where to manage the one they have. */
function PlanAction({ plan, billing }: { plan: PlanPrice; billing: UserBilling }) {
  const { continuing, current } = billing.state;
  if (continuing) {
    if (continuing.plan_id !== plan.id) {
      const from = formatDate(continuing.status === 'authenticated' ? continuing.starts_at : continuing.current_end);
      return (
        <p className={styles.note}>
          To move to {plan.name}, <ManageLink>change your plan on your account page</ManageLink>
          {from ? `; it takes effect on ${from}, when the month you paid for ends.` : '.'}
        </p>
      );
    }
    // The button, as it just subscribed: it keeps saying what was charged, and links to the account.
    return <CheckoutButton item={{ itemType: 'plan', itemId: plan.id }} label={`Choose ${plan.name}`} />;
  }
  // A plan still held but not renewing (cancelled, or a 30-day pass): a new subscription starts when it ends.
  const heldPlan = current?.plan_id ?? billing.entitlements?.plan ?? undefined;
  const heldUntil = formatDate(current?.current_end ?? billing.entitlements?.plan_expires_at);
  if (heldPlan === plan.id) {
    return (
      <>
        <CheckoutButton item={{ itemType: 'plan', itemId: plan.id }} label={`Resume ${plan.name}`} />
        <p className={styles.note}>Nothing is charged today: the first month is charged on {heldUntil}, when this one ends.</p>
      </>
    );
  }
  return (
    <>
      <CheckoutButton item={{ itemType: 'plan', itemId: plan.id }} label={`Choose ${plan.name}`} />
      {heldPlan ? (
        <p className={styles.note}>
          Starts on {heldUntil}, when your {planById(heldPlan)?.name ?? heldPlan} plan ends; nothing is charged before.
        </p>
      ) : null}
    </>
  );
}

/** The badge over the plan the visitor holds: until when, and whether it renews. */
function CurrentBadge({ plan, billing }: { plan: PlanPrice; billing: UserBilling }) {
  const { continuing, current } = billing.state;
  const held = current?.plan_id ?? billing.entitlements?.plan;
  if (held !== plan.id && continuing?.plan_id !== plan.id) return null;
  let text: string;
  if (continuing?.plan_id === plan.id && continuing.status === 'authenticated') text = `Your plan from ${formatDate(continuing.starts_at)}`;
  else if (continuing?.plan_id === plan.id && continuing.status === 'pending') text = 'Your plan — the last renewal is being retried';
  else if (continuing?.plan_id === plan.id)
    text = `Your plan — renews on ${formatDate(continuing.current_end)} at ${formatMoney(continuing.amount, continuing.currency)}`;
  else text = `Your current plan until ${formatDate(current?.current_end ?? billing.entitlements?.plan_expires_at)}`;
  return <p className={styles.currentBadge}>{text}</p>;
}

function PricingBody() {
  const billing = useBilling();
  const heldPlan = billing.state.current?.plan_id ?? billing.state.continuing?.plan_id ?? billing.entitlements?.plan;

  return (
    <div className={styles.pricing}>
      <header className={styles.intro}>
        <h1>Pricing Plans</h1>
        <p>
          Two ways to put your page online. Every price is charged exactly as shown, in its own currency: plans in{' '}
          {currencyName(PLAN_CURRENCY)}, templates in {currencyName(TEMPLATE_CURRENCY)}.
        </p>
      </header>

      <section className={styles.ways} aria-label="Buy a template or choose a plan">
        <div className={styles.way}>
          <h2>Buy a template, once</h2>
          <p className={styles.wayPrice}>
            {cheapestTemplate} to {dearestTemplate}, paid once
          </p>
          <p>
            That template is yours for good: publish your page with it as often as you like, for as long as you like. Your published page
            carries a small “Made with FolioForge” badge.
          </p>
          <Link to="/templates">Browse the templates and their prices</Link>
        </div>
        <div className={styles.way}>
          <h2>Choose a plan, monthly</h2>
          <p className={styles.wayPrice}>From {formatMoney(cheapestPlan.amount, cheapestPlan.currency)} a month</p>
          <p>
            While your plan lasts, publish with every template, without the badge, with the plan’s features below. It renews each month
            until you cancel on your account page. When a plan ends, its features end with it; templates you bought stay yours.
          </p>
        </div>
      </section>

      <ul className={styles.plans} aria-label="Plans">
        {PLANS.map((plan) => {
          const headingId = `plan-${plan.id}-heading`;
          return (
            <li key={plan.id} className={[styles.plan, heldPlan === plan.id ? styles.current : ''].join(' ')}>
              <h2 id={headingId}>{plan.name}</h2>
              <CurrentBadge plan={plan} billing={billing} />
              <p className={styles.price}>
                <span className={styles.amount}>{formatMoney(plan.amount, plan.currency)}</span> <span>a month</span>
              </p>
              <p className={styles.billing}>Billed monthly in {plan.currency}. Cancel any time.</p>
              <p className={styles.summary}>{PLAN_SUMMARIES[plan.id]}</p>
              <ul className={styles.featureList} aria-label={`${plan.name} features`}>
                {featuresOf(plan.id).map((feature) => (
                  <li key={feature.label}>
                    <span aria-hidden="true" className={styles.tick}>
                      ✓
                    </span>{' '}
                    {feature.label}
                  </li>
                ))}
              </ul>
              <div className={styles.buy}>
                <PlanAction plan={plan} billing={billing} />
              </div>
            </li>
          );
        })}
      </ul>

      <section className={styles.compare} aria-labelledby="compare-heading">
        <h2 id="compare-heading">Compare plans</h2>
        <table className={styles.table}>
          <caption>Features included in each plan</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {PLANS.map((plan) => (
                <th key={plan.id} scope="col">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PLAN_FEATURES.map((feature) => (
              <tr key={feature.label}>
                <th scope="row">{feature.label}</th>
                {PLANS.map((plan) =>
                  feature.includedIn.includes(plan.id) ? (
                    <td key={plan.id} className={styles.included}>
                      <span aria-hidden="true">✓</span>
                      <span className={styles.visuallyHidden}>Included</span>
                    </td>
                  ) : (
                    <td key={plan.id} className={styles.excluded}>
                      <span aria-hidden="true">—</span>
                      <span className={styles.visuallyHidden}>Not included</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.payments} aria-labelledby="payments-heading">
        <h2 id="payments-heading">Paying</h2>
        <p>
          Payments are processed securely by Razorpay. A plan is a monthly card subscription: you authorise your card once, each month is
          charged on the day the last one ends, and every charge is listed with a printable receipt on your account page. If a renewal does
          not go through, Razorpay tries again over the next days and your plan carries on meanwhile; if it still fails, the plan ends.
          Templates can also be paid by UPI.
        </p>
        <img
          className={styles.methods}
          src={paymentMethodsUrl}
          width={360}
          height={64}
          alt="Accepted payment methods: Visa, Mastercard and RuPay cards, and UPI"
        />
      </section>
    </div>
  );
}

/** The Pricing screen (/pricing): a template once or a plan monthly, the plans, their comparison, paying. */
export default function Pricing() {
  return (
    <ServerStateProvider>
      <PricingBody />
    </ServerStateProvider>
  );
}
