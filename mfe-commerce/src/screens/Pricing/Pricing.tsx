import { CURRENCY, formatInr, PLANS, type PlanId } from '@folioforge/shared';
import CheckoutButton from '../../widgets/CheckoutButton/CheckoutButton';
import { activePlan, usePaidPurchases } from '../../purchases/usePaidPurchases';
import { featuresOf, PLAN_FEATURES } from './planFeatures';
import paymentMethodsUrl from './payment-methods.svg';
import styles from './Pricing.module.scss';

const PLAN_SUMMARIES: Readonly<Record<PlanId, string>> = {
  basic: 'Everything you need to put your portfolio online.',
  pro: 'A website customized for your work.',
  premium: 'Your whole brand: logo, social media files and priority care.',
};

const expiryFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** The Pricing Plans screen (/pricing): three plans, the feature comparison, accepted payment methods. */
export default function Pricing() {
  const { purchases } = usePaidPurchases();
  const currentPlan = activePlan(purchases);

  return (
    <div className={styles.pricing}>
      <header className={styles.intro}>
        <h1>Pricing Plans</h1>
        <p>Pick the plan that fits. Prices are in Indian rupees ({CURRENCY}), the currency you are charged in, billed monthly.</p>
      </header>

      <ul className={styles.plans} aria-label="Plans">
        {PLANS.map((plan) => {
          const headingId = `plan-${plan.id}-heading`;
          const isCurrent = currentPlan?.planId === plan.id;
          return (
            <li key={plan.id} className={[styles.plan, isCurrent ? styles.current : ''].join(' ')}>
              <h2 id={headingId}>{plan.name}</h2>
              {isCurrent && currentPlan ? (
                <p className={styles.currentBadge}>Your current plan until {expiryFormat.format(currentPlan.expiresAt)}</p>
              ) : null}
              <p className={styles.price}>
                <span className={styles.amount}>{formatInr(plan.amount)}</span> <span>per month</span>
              </p>
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
                <CheckoutButton
                  item={{ itemType: 'plan', itemId: plan.id }}
                  label={isCurrent ? `Renew ${plan.name}` : `Choose ${plan.name}`}
                />
              </div>
            </li>
          );
        })}
      </ul>

      <section className={styles.compare} aria-labelledby="compare-heading">
        <h2 id="compare-heading">Compare plans</h2>
        <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Plan feature comparison, scrollable">
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
        </div>
      </section>

      <section className={styles.premium} aria-labelledby="premium-heading">
        <h2 id="premium-heading">Premium plans</h2>
        <p>
          Every premium plan gives your site a custom domain with a free domain for the first year, removes FolioForge branding and includes
          storage space, customer accounts and customer care. Pro adds a website customized for you; Premium adds a professional logo,
          social media logo files and priority customer care. Payments are processed securely by Razorpay, and you can renew whenever you
          like.
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
