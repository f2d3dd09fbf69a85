import { beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { ServerStateProvider, queryClient } from '@folioforge/shared';
import { ShopOrdersSection } from './ShopOrdersSection';
import { ShopCustomersSection, customersOf } from './ShopCustomersSection';
import { ordersCsv } from './shopCsv';
import { shopOrder } from '../../test/shopOrders';
import type { ShopOrder } from './shopData';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';

let supabase: FakeSupabase;
beforeEach(() => {
  queryClient.clear();
  supabase = installFakeSupabase();
  supabase.answerRpc('my_late_payments', { data: [], error: null });
});

const refusal = (status: number, error: string, fieldErrors?: Record<string, string>) => ({
  data: null,
  error: new FunctionsHttpError(
    new Response(JSON.stringify({ error, ...(fieldErrors ? { fieldErrors } : {}) }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  ),
});

function renderSection(download = jest.fn<(name: string, text: string) => void>()) {
  render(
    <ServerStateProvider>
      <ShopOrdersSection userId="user-1" download={download} />
    </ServerStateProvider>,
  );
  return download;
}

const invoked = () => supabase.functions.invoke.mock.calls.map((call) => (call[1] as { body: unknown }).body);

test('loading, then no orders yet', async () => {
  supabase.answer('shop_orders', { data: [], error: null });
  renderSection();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  expect(await screen.findByText(/^No orders yet\./)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
});

test('orders that cannot be loaded say why, and load on “Try again”', async () => {
  supabase.answer('shop_orders', { data: null, error: { message: 'the network is down' } }, { data: [shopOrder()], error: null });
  renderSection();
  expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded: the network is down');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('1 order')).toBeInTheDocument();
});

test('an order opens to its items, options, prices, shipping, total, buyer, address, payment and timeline', async () => {
  const order = shopOrder({
    buyer_name: 'नेहा शर्मा 🌸',
    delivery: 'ship',
    shipping_amount: 5000,
    total_amount: 145000,
    shipping_address: { line1: '12 MG Road', city: 'Pune', postalCode: '411001', country: 'IN' },
  });
  supabase.answer('shop_orders', { data: [order], error: null });
  renderSection();
  const item = (await screen.findByText('नेहा शर्मा 🌸')).closest('li')!;
  expect(within(item).queryByRole('table')).toBeNull();
  await userEvent.click(within(item).getByText(order.order_number));
  const rows = within(within(item).getByRole('table')).getAllByRole('row');
  expect(rows.map((row) => row.textContent)).toEqual([
    'ItemQuantityPriceAmount',
    'Chocolate cake2₹450.00₹900.00',
    'Fruit tart · Large1₹500.00₹500.00',
    'Shipping₹50.00',
    'Total₹1,450.00',
  ]);
  expect(within(item).getByText('12 MG Road')).toBeInTheDocument();
  expect(within(item).getByRole('link', { name: 'zoe@example.com' })).toHaveAttribute('href', 'mailto:zoe@example.com');
  expect(within(item).getByText('Razorpay pay_Payment0000001')).toBeInTheDocument();
  expect(
    within(item)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/^.*?(AM|PM|am|pm) /, '')),
  ).toEqual(['Ordered', 'Paid ₹1,450.00']);
  expect(within(item).getByRole('button', { name: 'Mark as shipped' })).toBeInTheDocument();
  expect(within(item).getByRole('button', { expanded: true })).toHaveTextContent(order.order_number);
});

test('30+ orders: filtered by state, searched by buyer, and the list shown downloads as CSV', async () => {
  const orders = [
    ...Array.from({ length: 30 }, (_, n) => shopOrder({ buyer_name: `Buyer ${n}`, buyer_email: `b${n}@example.com` }, n)),
    shopOrder({ buyer_name: 'नेहा 🌸', buyer_email: 'neha@example.com', status: 'pending', razorpay_payment_id: null }, 40),
    shopOrder({ buyer_name: '=HYPERLINK("x")', status: 'refunded', refunded_amount: 140000 }, 41),
    shopOrder({ buyer_name: 'Shipped Sam', fulfilment: 'ready_for_pickup', fulfilled_at: '2026-12-02T18:05:00Z' }, 42),
    shopOrder(
      {
        buyer_name: 'Partly Pat',
        delivery: 'ship',
        fulfilment: 'shipped',
        fulfilled_at: '2026-12-02T18:06:00Z',
        status: 'partially_refunded',
        refunded_amount: 45000,
      },
      43,
    ),
  ];
  supabase.answer('shop_orders', { data: orders, error: null });
  const download = renderSection();
  expect(await screen.findByText('34 orders')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Show'), 'Waiting for payment');
  expect(screen.getByText('1 of 34 orders')).toBeInTheDocument();
  expect(screen.getByText('नेहा 🌸')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'Shipped or ready');
  // A shipped order refunded in part is still where it is, shipped; the refund shows on it.
  expect(screen.getByText('2 of 34 orders')).toBeInTheDocument();
  expect(screen.getByText('Shipped Sam')).toBeInTheDocument();
  expect(screen.getByText('Ready for pickup')).toBeInTheDocument();
  expect(screen.getByText('Partly Pat')).toBeInTheDocument();
  expect(screen.getByText('Partly refunded')).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByLabelText('Show'), 'All orders');
  await userEvent.type(screen.getByLabelText('Search by buyer'), 'NEHA');
  expect(screen.getByText('1 of 34 orders')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('Search by buyer'));
  await userEvent.type(screen.getByLabelText('Search by buyer'), 'nobody');
  expect(screen.getByText(/^No order matches/)).toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText('Search by buyer'));
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'Refunded');
  // Refunded: in full, and in part (the shipped one is under both).
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV (2)' }));
  const [name, csv] = download.mock.calls[0]!;
  expect(name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toBe(
    'Order,Placed,Status,Fulfilment,Buyer,Email,Phone,Delivery,Address,Items,Items amount,Shipping,Total,Refunded,Currency,Payment',
  );
  // A buyer's name is never a formula in the owner's spreadsheet.
  expect(lines[1]).toContain(`,refunded,,"'=HYPERLINK(""x"")",zoe@example.com,`);
  expect(lines[1]).toContain(',2 × Chocolate cake; 1 × Fruit tart (Large),1400.00,0.00,1400.00,1400.00,INR,');
}, 30_000);

test('“Mark as ready for pickup” asks the function with the note, and says the buyer was mailed', async () => {
  const order = shopOrder();
  supabase.answer('shop_orders', { data: [order], error: null });
  supabase.functions.invoke.mockResolvedValueOnce({
    data: { fulfilment: 'ready_for_pickup', fulfilledAt: '2026-12-02T18:10:00Z', mailed: true },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  await userEvent.type(screen.getByLabelText('Where and when to collect (optional)'), 'Shop counter, 10–6');
  await userEvent.click(screen.getByRole('button', { name: 'Mark as ready for pickup' }));
  expect(await screen.findByText('Marked ready for pickup: Zoë Buyer has been mailed.')).toBeInTheDocument();
  expect(invoked()).toEqual([{ action: 'fulfil', orderId: order.id, note: 'Shop counter, 10–6' }]);
});

test('a refund sends what to refund, never an amount; one press is one key, a refusal shows beside the line', async () => {
  const order = shopOrder();
  supabase.answer('shop_orders', { data: [order], error: null });
  supabase.functions.invoke.mockResolvedValueOnce(
    refusal(422, 'That is more than is left to refund of this item.', { 'line.1': 'That is more than is left to refund of this item.' }),
  );
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      refund: { id: '00000000-0000-4000-8000-0000000000aa', amount: 45000, status: 'processed' },
      order: { status: 'partially_refunded', refundedAmount: 45000 },
    },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  const cakes = screen.getByLabelText('Chocolate cake: how many to refund, of 2');
  await userEvent.type(cakes, '1');
  await userEvent.click(screen.getByRole('button', { name: 'Refund ₹450.00' }));
  expect(await screen.findByText('That is more than is left to refund of this item.', { selector: 'span' })).toBeInTheDocument();
  expect(cakes).toHaveAttribute('aria-invalid', 'true');
  expect(cakes).toHaveValue(1);

  await userEvent.click(screen.getByRole('button', { name: 'Refund ₹450.00' }));
  expect(await screen.findByText('Refunded ₹450.00 to Zoë Buyer. The stock is back on your page.')).toBeInTheDocument();
  const [first, second] = invoked() as { requestKey: string }[];
  expect(first).toEqual({
    action: 'refund',
    orderId: order.id,
    requestKey: first!.requestKey,
    lines: [{ line: 1, quantity: 1 }],
    shipping: false,
  });
  expect(first!.requestKey).toMatch(/^refund-[0-9a-f]{24}$/);
  expect(second!.requestKey).not.toBe(first!.requestKey);
});

test('Razorpay not answering keeps the press’s key, so pressing again cannot refund twice', async () => {
  const order = shopOrder();
  supabase.answer('shop_orders', { data: [order], error: null });
  supabase.functions.invoke.mockResolvedValueOnce(
    refusal(503, 'Razorpay did not answer. Press Refund again in a minute: it will not refund twice.'),
  );
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      refund: { id: '00000000-0000-4000-8000-0000000000ab', amount: 140000, status: 'processed' },
      order: { status: 'refunded', refundedAmount: 140000 },
    },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  await userEvent.click(screen.getByRole('button', { name: 'Refund everything left (₹1,400.00)' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Razorpay did not answer.');
  await userEvent.click(screen.getByRole('button', { name: 'Refund everything left (₹1,400.00)' }));
  await waitFor(() => expect(invoked()).toHaveLength(2));
  const [first, second] = invoked() as { requestKey: string; lines: unknown }[];
  expect(second!.requestKey).toBe(first!.requestKey);
  expect(first!.lines).toBe('all');
});

test('marked shipped, the card still says so once the order reads back shipped, and holds the focus', async () => {
  const order = shopOrder({ delivery: 'ship', shipping_amount: 5000, total_amount: 145000 });
  const shipped = { ...order, fulfilment: 'shipped' as const, fulfilled_at: '2026-12-02T18:10:00Z' };
  supabase.answer('shop_orders', { data: [order], error: null }, { data: [shipped], error: null });
  supabase.functions.invoke.mockResolvedValueOnce({
    data: { fulfilment: 'shipped', fulfilledAt: '2026-12-02T18:10:00Z', mailed: true },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
  // The order read again is shipped: its button is gone, and what was done is said in its place.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as shipped' })).toBeNull());
  const said = screen.getByText('Marked shipped: Zoë Buyer has been mailed.');
  expect(said).toHaveAttribute('role', 'status');
  expect(said).toHaveFocus();
  expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('Shipped');
});

test('refunded in full, the refund form goes and the card says what came back, with the focus on it', async () => {
  const order = shopOrder();
  const refunded = { ...order, status: 'refunded' as const, refunded_amount: 140000 };
  supabase.answer('shop_orders', { data: [order], error: null }, { data: [refunded], error: null });
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      refund: { id: '00000000-0000-4000-8000-0000000000ac', amount: 140000, status: 'processed' },
      order: { status: 'refunded', refundedAmount: 140000 },
    },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  await userEvent.click(screen.getByRole('button', { name: 'Refund everything left (₹1,400.00)' }));
  await waitFor(() => expect(screen.queryByRole('group', { name: 'Refund through Razorpay' })).toBeNull());
  const said = screen.getByText('Refunded ₹1,400.00 to Zoë Buyer. The stock is back on your page.');
  expect(said).toHaveFocus();
  expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('Refunded');
});

test('one order is “1 order”', async () => {
  supabase.answer('shop_orders', { data: [shopOrder()], error: null });
  renderSection();
  expect(await screen.findByText('1 order')).toHaveAttribute('role', 'status');
  expect(screen.queryByText('1 orders')).toBeNull();
});

test('Customers: who ordered and who signed up, once per address, each with their orders', () => {
  const orders = [
    shopOrder({ buyer_name: 'नेहा 🌸', buyer_email: 'Neha@example.com' }, 1),
    shopOrder({ buyer_name: 'नेहा 🌸', buyer_email: 'neha@example.com', status: 'pending' }, 2),
  ];
  const subscribers = [
    { id: 's1', portfolio_id: 'p1', email: 'neha@EXAMPLE.com', name: null, created_at: '2026-11-01T00:00:00Z' },
    { id: 's2', portfolio_id: 'p1', email: 'fan@example.com', name: 'Fan', created_at: '2026-11-02T00:00:00Z' },
  ];
  expect(customersOf(orders, subscribers).map((c) => [c.name, c.orders.length, c.signedUpAt !== null])).toEqual([
    ['नेहा 🌸', 2, true],
    ['Fan', 0, true],
  ]);
  render(
    <ShopCustomersSection
      orders={{ kind: 'loaded', value: orders }}
      subscribers={{ kind: 'loaded', value: subscribers }}
      portfolios={[{ id: 'p1', title: 'Ada Bakes', template_id: '2', published: true, slug: 'ada', updated_at: '2026-11-01T00:00:00Z' }]}
    />,
  );
  const neha = within(screen.getByRole('list', { name: 'Orders of नेहा 🌸' }));
  expect(neha.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    `${orders[0]!.order_number} · 2 Dec 2026 · ₹1,400.00 · Paid`,
    `${orders[1]!.order_number} · 2 Dec 2026 · ₹1,400.00 · Waiting for payment`,
  ]);
  expect(screen.getByText('No orders yet')).toBeInTheDocument();
  expect(screen.getAllByText(/Ada Bakes · signed up/)).toHaveLength(2);
});

test('Customers while loading, and with nobody yet', () => {
  const { rerender } = render(<ShopCustomersSection orders={{ kind: 'loading' }} subscribers={{ kind: 'loading' }} portfolios={[]} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your customers…');
  rerender(<ShopCustomersSection orders={{ kind: 'loaded', value: [] }} subscribers={{ kind: 'loaded', value: [] }} portfolios={[]} />);
  expect(screen.getByText(/^No customers yet/)).toBeInTheDocument();
});

test('the CSV quotes commas, quotes and new lines', () => {
  const csv = ordersCsv([shopOrder({ buyer_name: 'Ada, "the" baker', shipping_address: null })]);
  expect(csv.split('\r\n')[1]).toContain(',"Ada, ""the"" baker",');
});

const refundRow = (changes: Partial<ShopOrder['shop_order_refunds'][number]>): ShopOrder['shop_order_refunds'][number] => ({
  id: '00000000-0000-4000-8000-0000000000ad',
  amount: 45000,
  shipping_amount: 0,
  status: 'pending',
  razorpay_refund_id: 'rfnd_Refund00000001',
  created_at: '2026-12-02T18:20:00Z',
  settled_at: null,
  ...changes,
});

test('a refund Razorpay answers pending: the card says it is under way at Razorpay and offers no second refund', async () => {
  const order = shopOrder();
  const claimed = {
    ...order,
    shop_order_items: order.shop_order_items.map((item) => (item.line === 1 ? { ...item, refunded_quantity: 1 } : item)),
    shop_order_refunds: [refundRow({})],
  };
  supabase.answer('shop_orders', { data: [order], error: null }, { data: [claimed], error: null });
  supabase.functions.invoke.mockResolvedValueOnce({
    data: {
      refund: { id: '00000000-0000-4000-8000-0000000000ad', amount: 45000, status: 'pending' },
      order: { status: 'paid', refundedAmount: 0 },
    },
    error: null,
  });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  await userEvent.type(screen.getByLabelText('Chocolate cake: how many to refund, of 2'), '1');
  await userEvent.click(screen.getByRole('button', { name: 'Refund ₹450.00' }));
  const said = await screen.findByText(
    'Razorpay is making the refund of ₹450.00 to Zoë Buyer. The stock comes back on your page once it is made.',
  );
  expect(said).toHaveFocus();
  await waitFor(() => expect(screen.queryByRole('group', { name: 'Refund through Razorpay' })).toBeNull());
  expect(screen.getByText('Refund of ₹450.00 under way at Razorpay', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByText(/Refund of ₹450\.00 under way at Razorpay$/, { selector: 'li' })).toBeInTheDocument();
  // Not refunded yet: the badge still says paid.
  expect(screen.getByRole('button', { expanded: true })).toHaveTextContent('Paid');
});

test('a refund Razorpay could not make: the card says so and the items are refundable again', async () => {
  const order = {
    ...shopOrder(),
    shop_order_refunds: [refundRow({ status: 'failed', settled_at: '2026-12-02T18:30:00Z' })],
  };
  supabase.answer('shop_orders', { data: [order], error: null });
  renderSection();
  await userEvent.click(await screen.findByText(order.order_number));
  expect(screen.getByRole('alert')).toHaveTextContent('Razorpay could not make the refund of ₹450.00: refund again.');
  expect(screen.getByRole('group', { name: 'Refund through Razorpay' })).toBeInTheDocument();
  expect(screen.getByLabelText('Chocolate cake: how many to refund, of 2')).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Refund everything left (₹1,400.00)' })).toBeInTheDocument();
});

test('a payment that came after the order closed shows on its timeline, refunded or still owed', async () => {
  const expired = shopOrder({ status: 'expired', paid_at: null, razorpay_payment_id: null, updated_at: '2026-12-02T18:20:00Z' });
  const other = shopOrder({ status: 'cancelled', paid_at: null, razorpay_payment_id: null, updated_at: '2026-12-02T18:20:00Z' }, 5);
  const late = (orderId: string, changes: Record<string, unknown>) => ({
    order_id: orderId,
    amount: 140000,
    currency: 'INR',
    created_at: '2026-12-02T18:30:00Z',
    refunded_at: null,
    refund_status: null,
    ...changes,
  });
  supabase.answer('shop_orders', { data: [expired, other], error: null });
  supabase.answerRpc('my_late_payments', {
    data: [
      late(expired.id, { refund_status: 'processed', refunded_at: '2026-12-02T18:31:00Z' }),
      late(other.id, { refund_status: 'failed' }),
    ],
    error: null,
  });
  renderSection();
  const timelineOf = async (order: ShopOrder) => {
    const item = (await screen.findByText(order.order_number)).closest('li')!;
    await userEvent.click(within(item).getByText(order.order_number));
    return within(item)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
  };
  expect(await timelineOf(expired)).toEqual([
    '2 Dec 2026, 6:00 pm Ordered',
    '2 Dec 2026, 6:20 pm Expired: not paid in time, stock given back',
    '2 Dec 2026, 6:31 pm A payment of ₹1,400.00 came after the order closed: refunded to the buyer in full',
  ]);
  expect(await timelineOf(other)).toContain(
    '2 Dec 2026, 6:30 pm A payment of ₹1,400.00 came after the order closed: owed back to the buyer, refunded again on its own while your Razorpay account is connected',
  );
  expect(supabase.rpc).toHaveBeenCalledWith('my_late_payments');
});
