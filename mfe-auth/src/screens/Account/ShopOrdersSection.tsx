import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, FunctionCallError, dateFormatter, formatMoney } from '@folioforge/shared';
import {
  ORDER_FILTERS,
  fulfilOrder,
  matchesOrder,
  newRequestKey,
  refundAtRazorpay,
  refundOrder,
  refundRazorpayFailed,
  shopKeys,
  useShopOrders,
  type OrderFilter,
  type ShopOrder,
} from './shopData';
import { ordersCsv } from './shopCsv';
import styles from './ShopOrdersSection.module.scss';

const formatTime = dateFormatter('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

const FILTER_WORDS: Record<OrderFilter, string> = {
  all: 'All orders',
  paid: 'Paid, to send',
  shipped: 'Shipped or ready',
  refunded: 'Refunded',
  pending: 'Waiting for payment',
  cancelled: 'Cancelled or expired',
};

/** The order's state in words, as the list's badge says it. */
export function statusWords(order: ShopOrder): string {
  switch (order.status) {
    case 'pending':
      return 'Waiting for payment';
    case 'paid':
      return order.fulfilment === 'shipped' ? 'Shipped' : order.fulfilment === 'ready_for_pickup' ? 'Ready for pickup' : 'Paid';
    case 'partially_refunded':
      return 'Partly refunded';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Expired, not paid';
    case 'cancelled':
      return 'Cancelled';
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'That did not work. Try again.');

function addressLines(order: ShopOrder): string[] {
  const a = order.shipping_address;
  if (!a) return [];
  return [a.line1, a.line2, [a.city, a.state, a.postalCode].filter(Boolean).join(' '), a.country].filter((line): line is string => !!line);
}

/** What happened to the order, oldest first, from its own columns, refunds and payments that came after it closed. */
function timeline(order: ShopOrder): { at: string; what: string }[] {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const events = [{ at: order.created_at, what: 'Ordered' }];
  if (order.paid_at) events.push({ at: order.paid_at, what: `Paid ${money(order.total_amount)}` });
  if (order.status === 'expired') events.push({ at: order.updated_at, what: 'Expired: not paid in time, stock given back' });
  if (order.status === 'cancelled') events.push({ at: order.updated_at, what: 'Cancelled, stock given back' });
  if (order.fulfilled_at)
    events.push({
      at: order.fulfilled_at,
      what: order.fulfilment === 'shipped' ? 'Marked shipped, buyer mailed' : 'Marked ready for pickup, buyer mailed',
    });
  for (const refund of order.shop_order_refunds)
    events.push({
      at: refund.settled_at ?? refund.created_at,
      what:
        refund.status === 'processed'
          ? `Refunded ${money(refund.amount)}`
          : refund.status === 'failed'
            ? refund.razorpay_refund_id
              ? `Razorpay could not make the refund of ${money(refund.amount)}`
              : `Refund of ${money(refund.amount)} not made`
            : refund.razorpay_refund_id
              ? `Refund of ${money(refund.amount)} under way at Razorpay`
              : `Refund of ${money(refund.amount)} under way`,
    });
  for (const late of order.late_payments)
    events.push({
      at: late.refunded_at ?? late.created_at,
      what: `A payment of ${formatMoney(late.amount, late.currency)} came after the order closed: ${
        late.refund_status === 'processed'
          ? 'refunded to the buyer in full'
          : late.refund_status === 'pending'
            ? 'its refund is under way at Razorpay'
            : 'owed back to the buyer, refunded again on its own while your Razorpay account is connected'
      }`,
    });
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** What an action tells the order's card when it worked: said in the card's own status line, which outlives the action. */
type ActionDone = (said: string) => void;

function FulfilAction({ order, onDone }: { order: ShopOrder; onDone: ActionDone }) {
  const [note, setNote] = useState('');
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();
  const shipping = order.delivery === 'ship';
  async function mark() {
    setWorking(true);
    setProblem(null);
    try {
      const done = await fulfilOrder(order.id, note);
      const marked = `Marked ${shipping ? 'shipped' : 'ready for pickup'}`;
      onDone(
        done.mailed
          ? `${marked}: ${order.buyer_name} has been mailed.`
          : `${marked}. The buyer could not be mailed this time: write to them.`,
      );
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setWorking(false);
    }
  }
  return (
    <div className={styles.action}>
      <label htmlFor={noteId}>{shipping ? 'Tracking or courier for the buyer (optional)' : 'Where and when to collect (optional)'}</label>
      <input id={noteId} value={note} maxLength={300} onChange={(event) => setNote(event.target.value)} />
      <Button busy={working} onClick={() => void mark()}>
        {shipping ? 'Mark as shipped' : 'Mark as ready for pickup'}
      </Button>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  );
}

function RefundAction({ order, onDone }: { order: ShopOrder; onDone: ActionDone }) {
  const items = [...order.shop_order_items].sort((a, b) => a.line - b.line);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [shipping, setShipping] = useState(false);
  // One key per press: a second click, or the same press sent again, is the same refund.
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, string>>>({});
  const baseId = useId();
  const shippingRefunded = order.shop_order_refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.shipping_amount, 0);
  const shippingLeft = order.shipping_amount - shippingRefunded;
  const chosen = items
    .map((item) => ({ line: item.line, quantity: Number(quantities[item.line] || 0), unit: item.unit_amount }))
    .filter((choice) => Number.isInteger(choice.quantity) && choice.quantity > 0);
  // Shown to help the owner choose; the function prices the refund itself from the order.
  const preview = chosen.reduce((sum, choice) => sum + choice.quantity * choice.unit, 0) + (shipping ? shippingLeft : 0);

  async function refund(everything: boolean) {
    setWorking(true);
    setProblem(null);
    setFieldErrors({});
    try {
      const done = await refundOrder({
        orderId: order.id,
        requestKey,
        lines: everything ? 'all' : chosen.map(({ line, quantity }) => ({ line, quantity })),
        shipping: everything || shipping,
      });
      setQuantities({});
      setShipping(false);
      setRequestKey(newRequestKey());
      const amount = formatMoney(done.refund.amount, order.currency);
      onDone(
        done.refund.status === 'pending'
          ? `Razorpay is making the refund of ${amount} to ${order.buyer_name}. The stock comes back on your page once it is made.`
          : `Refunded ${amount} to ${order.buyer_name}. The stock is back on your page.`,
      );
    } catch (error) {
      setProblem(messageOf(error));
      if (error instanceof FunctionCallError) {
        setFieldErrors(error.fieldErrors);
        // Razorpay not answering (503) may still finish: the same press again must be the same refund.
        if (error.status !== 503) setRequestKey(newRequestKey());
      }
    } finally {
      setWorking(false);
    }
  }

  return (
    <fieldset className={styles.action}>
      <legend>Refund through Razorpay</legend>
      {items.map((item) => {
        const left = item.quantity - item.refunded_quantity;
        const inputId = `${baseId}-line-${item.line}`;
        const problem = fieldErrors[`line.${item.line}`];
        return (
          <div key={item.line} className={styles.refundLine}>
            <label htmlFor={inputId}>
              {item.name}
              {item.option_name ? ` (${item.option_name})` : ''}: how many to refund, of {left}
            </label>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              disabled={left === 0}
              value={quantities[item.line] ?? ''}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-problem` : undefined}
              onChange={(event) => setQuantities({ ...quantities, [item.line]: event.target.value })}
            />
            {problem ? (
              <span id={`${inputId}-problem`} className={styles.problem}>
                {problem}
              </span>
            ) : null}
          </div>
        );
      })}
      {shippingLeft > 0 ? (
        <label className={styles.check}>
          <input type="checkbox" checked={shipping} onChange={(event) => setShipping(event.target.checked)} /> Refund the shipping too (
          {formatMoney(shippingLeft, order.currency)})
        </label>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" busy={working} disabled={preview === 0} onClick={() => void refund(false)}>
          {preview > 0 ? `Refund ${formatMoney(preview, order.currency)}` : 'Refund the chosen items'}
        </Button>
        <Button variant="secondary" busy={working} onClick={() => void refund(true)}>
          Refund everything left ({formatMoney(order.total_amount - order.refunded_amount, order.currency)})
        </Button>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </fieldset>
  );
}

function OrderCard({ order, onChanged }: { order: ShopOrder; onChanged: () => void }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const items = [...order.shop_order_items].sort((a, b) => a.line - b.line);
  const paid = order.status === 'paid' || order.status === 'partially_refunded';
  // A refund Razorpay is still making holds the order's refund form until its webhook ends it.
  const underWay = refundAtRazorpay(order);
  const failedAtRazorpay = underWay ? undefined : refundRazorpayFailed(order);
  const address = addressLines(order);
  // The body is made only once opened: a list of hundreds stays quick.
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // What the last action did. An action's own controls go once it is done (a shipped order has no
  // "Mark as shipped", a refunded one no refund form): the card says it and takes the focus instead.
  const [done, setDone] = useState<{ text: string; count: number }>({ text: '', count: 0 });
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done.count > 0) doneRef.current?.focus();
  }, [done]);
  const actionDone: ActionDone = (text) => {
    setDone((last) => ({ text, count: last.count + 1 }));
    onChanged();
  };
  return (
    <li className={styles.order}>
      <button type="button" className={styles.summary} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className={styles.number}>{order.order_number}</span>
        <span className={styles.buyer}>{order.buyer_name}</span>
        <span>{money(order.total_amount)}</span>
        <span className={`${styles.badge} ${styles[order.status]}`}>{statusWords(order)}</span>
        <span className={styles.when}>{formatTime(order.created_at)}</span>
      </button>
      {open ? (
        <div className={styles.body} id={bodyId}>
          <div className={styles.itemsScroll}>
            <table className={styles.items}>
              <caption className={styles.hidden}>Items of {order.order_number}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.line}>
                    <td>
                      {item.name}
                      {item.option_name ? <span className={styles.option}> · {item.option_name}</span> : null}
                      {item.refunded_quantity > 0 ? <span className={styles.option}> · {item.refunded_quantity} refunded</span> : null}
                    </td>
                    <td>{item.quantity}</td>
                    <td>{money(item.unit_amount)}</td>
                    <td>{money(item.line_amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {order.delivery === 'ship' ? 'Shipping' : 'Pickup'}
                  </th>
                  <td>{money(order.shipping_amount)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total
                  </th>
                  <td>{money(order.total_amount)}</td>
                </tr>
                {order.refunded_amount > 0 ? (
                  <tr>
                    <th scope="row" colSpan={3}>
                      Refunded
                    </th>
                    <td>−{money(order.refunded_amount)}</td>
                  </tr>
                ) : null}
              </tfoot>
            </table>
          </div>
          <dl className={styles.facts}>
            <dt>Buyer</dt>
            <dd>
              {order.buyer_name}
              <br />
              <a href={`mailto:${order.buyer_email}`}>{order.buyer_email}</a>
              <br />
              <a href={`tel:${order.buyer_phone.replace(/[^+0-9]/g, '')}`}>{order.buyer_phone}</a>
            </dd>
            <dt>{order.delivery === 'ship' ? 'Ship to' : 'Delivery'}</dt>
            <dd>
              {order.delivery === 'ship'
                ? address.map((line, index) => (
                    <span key={index}>
                      {line}
                      <br />
                    </span>
                  ))
                : 'Pickup'}
            </dd>
            <dt>Payment</dt>
            <dd>{order.razorpay_payment_id ? `Razorpay ${order.razorpay_payment_id}` : 'Not paid'}</dd>
            {order.fulfilment_note ? (
              <>
                <dt>Your note to the buyer</dt>
                <dd>{order.fulfilment_note}</dd>
              </>
            ) : null}
          </dl>
          <h4 className={styles.subheading}>Timeline</h4>
          <ol className={styles.timeline}>
            {timeline(order).map((event, index) => (
              <li key={index}>
                <time dateTime={event.at}>{formatTime(event.at)}</time> {event.what}
              </li>
            ))}
          </ol>
          <p ref={doneRef} role="status" tabIndex={-1} className={done.text ? styles.done : styles.hidden}>
            {done.text}
          </p>
          {paid && !order.fulfilment ? <FulfilAction order={order} onDone={actionDone} /> : null}
          {paid && underWay ? <p className={styles.underWay}>Refund of {money(underWay.amount)} under way at Razorpay</p> : null}
          {paid && failedAtRazorpay ? (
            <Alert tone="error">Razorpay could not make the refund of {money(failedAtRazorpay.amount)}: refund again.</Alert>
          ) : null}
          {paid && !underWay ? <RefundAction order={order} onDone={actionDone} /> : null}
        </div>
      ) : null}
    </li>
  );
}

/** Saves `text` as a file the browser downloads (a test watches it instead). */
function downloadFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /account's Orders: the orders of the owner's pages, newest first, filtered by state and searched by
 * buyer; each opens to its items, buyer, address, payment and timeline, with the owner's actions
 * (mark shipped or ready for pickup, refund in full or in part); the list shown downloads as CSV.
 */
export function ShopOrdersSection({
  userId,
  download = downloadFile,
}: {
  userId: string;
  download?: (name: string, text: string) => void;
}) {
  const [orders, reload] = useShopOrders(userId);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [search, setSearch] = useState('');
  const filterId = useId();
  const searchId = useId();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shopKeys.orders(userId) });

  if (orders.kind === 'loading') return <p role="status">Loading your orders…</p>;
  if (orders.kind === 'failed')
    return (
      <Alert tone="error">
        Your orders could not be loaded: {orders.message}{' '}
        <Button variant="ghost" onClick={reload}>
          Try again
        </Button>
      </Alert>
    );
  if (orders.value.length === 0)
    return <p>No orders yet. When a visitor buys from one of your pages, the order shows here at once, and you get a mail.</p>;
  const shown = orders.value.filter((order) => matchesOrder(order, filter, search));
  return (
    <>
      <div className={styles.filters} role="search">
        <div>
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={filter} onChange={(event) => setFilter(event.target.value as OrderFilter)}>
            {ORDER_FILTERS.map((value) => (
              <option key={value} value={value}>
                {FILTER_WORDS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={searchId}>Search by buyer</label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder="Name, email, phone or order"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          disabled={shown.length === 0}
          onClick={() => download(`orders-${new Date().toISOString().slice(0, 10)}.csv`, ordersCsv(shown))}
        >
          Download CSV ({shown.length})
        </Button>
      </div>
      <p role="status" className={styles.count}>
        {shown.length === orders.value.length
          ? `${shown.length} ${orders.value.length === 1 ? 'order' : 'orders'}`
          : `${shown.length} of ${orders.value.length} ${orders.value.length === 1 ? 'order' : 'orders'}`}
      </p>
      {shown.length === 0 ? <p>No order matches. Choose “All orders” or change the search.</p> : null}
      <ul className={styles.list}>
        {shown.map((order) => (
          <OrderCard key={order.id} order={order} onChanged={refresh} />
        ))}
      </ul>
    </>
  );
}
