import { dateFormatter, formatMoney } from '@folioforge/shared';
import type { Loadable, PortfolioSummary, SubscriberSummary } from './accountData';
import type { ShopOrder } from './shopData';
import { statusWords } from './ShopOrdersSection';
import styles from './ShopOrdersSection.module.scss';

const formatDate = dateFormatter('en-IN', { dateStyle: 'medium' });

interface Customer {
  email: string;
  name: string | null;
  pages: Set<string>;
  signedUpAt: string | null;
  orders: ShopOrder[];
}

/** Everyone who ordered or signed up on the owner's pages, one per address (its case aside), newest first. */
export function customersOf(orders: readonly ShopOrder[], subscribers: readonly SubscriberSummary[]): Customer[] {
  const byEmail = new Map<string, Customer>();
  const customer = (email: string) => {
    const key = email.toLocaleLowerCase();
    let found = byEmail.get(key);
    if (!found) byEmail.set(key, (found = { email, name: null, pages: new Set(), signedUpAt: null, orders: [] }));
    return found;
  };
  for (const order of orders) {
    const entry = customer(order.buyer_email);
    entry.name ??= order.buyer_name;
    if (order.portfolio_id) entry.pages.add(order.portfolio_id);
    entry.orders.push(order);
  }
  for (const subscriber of subscribers) {
    const entry = customer(subscriber.email);
    entry.name ??= subscriber.name;
    entry.pages.add(subscriber.portfolio_id);
    if (!entry.signedUpAt || subscriber.created_at < entry.signedUpAt) entry.signedUpAt = subscriber.created_at;
  }
  const latest = (c: Customer) => [c.signedUpAt ?? '', ...c.orders.map((o) => o.created_at)].sort().at(-1) ?? '';
  return [...byEmail.values()].sort((a, b) => latest(b).localeCompare(latest(a)));
}

/** /account's Customers: who bought or signed up on the owner's pages, each with their orders. */
export function ShopCustomersSection({
  orders,
  subscribers,
  portfolios,
}: {
  orders: Loadable<ShopOrder[]>;
  subscribers: Loadable<SubscriberSummary[]>;
  portfolios: readonly PortfolioSummary[];
}) {
  if (orders.kind === 'loading' || subscribers.kind === 'loading') return <p role="status">Loading your customers…</p>;
  if (orders.kind === 'failed' || subscribers.kind === 'failed')
    return <p>Your customers show once your orders and sign-ups load (see above).</p>;
  const customers = customersOf(orders.value, subscribers.value);
  if (customers.length === 0) return <p>No customers yet: everyone who orders or signs up on one of your pages shows here.</p>;
  const pageTitle = (id: string) => portfolios.find((page) => page.id === id)?.title?.trim() || 'Untitled portfolio';
  return (
    <ul className={styles.list}>
      {customers.map((entry) => (
        <li key={entry.email.toLocaleLowerCase()} className={styles.customer}>
          <strong className={styles.buyer}>{entry.name || entry.email}</strong>
          <a href={`mailto:${entry.email}`}>{entry.email}</a>
          <span className={styles.when}>
            {[...entry.pages].map(pageTitle).join(', ')}
            {entry.signedUpAt ? ` · signed up ${formatDate(entry.signedUpAt)}` : ''}
          </span>
          {entry.orders.length > 0 ? (
            <ul className={styles.customerOrders} aria-label={`Orders of ${entry.name || entry.email}`}>
              {entry.orders.map((order) => (
                <li key={order.id}>
                  {order.order_number} · {formatDate(order.created_at)} · {formatMoney(order.total_amount, order.currency)} ·{' '}
                  {statusWords(order)}
                </li>
              ))}
            </ul>
          ) : (
            <span className={styles.when}>No orders yet</span>
          )}
        </li>
      ))}
    </ul>
  );
}
