// The paid order's mails as the buyer and the owner read them: every line of the order with its
// option, quantity and prices, shipping, the total, the seller's contact from the page, and the
// buyer's private link (and never the link in the owner's mail, nor the buyer's phone in theirs); a
// refund's mail: what came back at the prices paid, the amount, the order so far, its link, who to ask.
import assert from 'node:assert/strict';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  buyerReceiptMail,
  buyerRefundMail,
  mailLatePaymentRefund,
  mailShopRefund,
  ownerOrderMail,
  sellerContactOf,
  type PaidShopOrder,
  type RefundForMail,
} from './shopMail.ts';
import { orderStatusToken } from './shopMailLinks.ts';

const ORDER: PaidShopOrder = {
  id: '0b6c2f0e-1d2a-4c3b-8e9f-0a1b2c3d4e5f',
  order_number: 'FF-0123456789',
  owner_id: 'owner-1',
  portfolio_id: 'page-1',
  page_slug: 'ada-bakes',
  buyer_name: 'Zoë Buyer',
  buyer_email: 'zoe@example.com',
  buyer_phone: '+919876543210',
  delivery: 'ship',
  shipping_address: { line1: '12 Baker Street', line2: '', city: 'Pune', state: 'MH', postalCode: '411001', country: 'IN' },
  currency: 'INR',
  items_amount: 99000,
  shipping_amount: 5000,
  total_amount: 104000,
  shop_origin: null,
  shop_order_items: [
    { line: 2, name: 'Sourdough', option_name: null, quantity: 1, unit_amount: 9000, line_amount: 9000 },
    { line: 1, name: 'Chocolate cake', option_name: '1 kg', quantity: 2, unit_amount: 45000, line_amount: 90000 },
  ],
};
const SELLER = sellerContactOf({ profile: { name: ' Ada Bakes ', email: 'ada@bakes.example', phone: '+91 20 1234 5678' } });
const LINK = 'https://project.supabase.example/functions/v1/orders/status/FF-0123456789-abc';

Deno.test('the receipt lists every item with its option, quantity and prices, shipping and the total, in order', () => {
  const mail = buyerReceiptMail(ORDER, SELLER, LINK);
  assert.equal(mail.subject, 'Your order FF-0123456789 from Ada Bakes is paid');
  const lines = mail.message.split('\n');
  const first = lines.indexOf('2 × Chocolate cake (1 kg) at ₹450.00: ₹900.00');
  assert.ok(first > 0, mail.message);
  assert.equal(lines[first + 1], '1 × Sourdough at ₹90.00: ₹90.00');
  for (const line of ['Order number: FF-0123456789', 'Items: ₹990.00', 'Shipping: ₹50.00', 'Total paid: ₹1,040.00', LINK])
    assert.ok(lines.includes(line), `${line} in\n${mail.message}`);
  assert.ok(lines.includes('12 Baker Street') && lines.includes('Pune') && !lines.includes(''.padEnd(1)), 'the address, no blank part');
});

Deno.test('the receipt names the seller and how to reach them, from the page', () => {
  const message = buyerReceiptMail(ORDER, SELLER, LINK).message;
  assert.match(message, /Ask Ada Bakes:\nEmail: ada@bakes\.example\nPhone: \+91 20 1234 5678/);
  const unnamed = buyerReceiptMail(ORDER, sellerContactOf({ profile: {} }), LINK).message;
  assert.match(unnamed, /Ask The shop:\nthrough the contact form on their page\./);
});

Deno.test('pickup says so and costs nothing; free shipping says free', () => {
  const pickup = buyerReceiptMail(
    { ...ORDER, delivery: 'pickup', shipping_address: null, shipping_amount: 0, total_amount: 99000 },
    SELLER,
    LINK,
  ).message;
  assert.match(pickup, /Pickup: free\nTotal paid: ₹990\.00/);
  assert.match(pickup, /To be picked up from the seller\./);
  assert.match(buyerReceiptMail({ ...ORDER, shipping_amount: 0, total_amount: 99000 }, SELLER, LINK).message, /Shipping: free/);
});

Deno.test('the owner’s mail has the order and the buyer to ship to, and not the buyer’s private link', () => {
  const mail = ownerOrderMail(ORDER, 'https://folioforge.example/');
  assert.equal(mail.subject, 'New order FF-0123456789: ₹1,040.00');
  assert.match(mail.message, /2 × Chocolate cake \(1 kg\) at ₹450\.00: ₹900\.00/);
  assert.match(mail.message, /Buyer: Zoë Buyer, zoe@example\.com, \+919876543210/);
  assert.match(mail.message, /Open your orders: https:\/\/folioforge\.example\/account$/);
  assert.ok(!mail.message.includes('/orders/status/'));
});

const REFUND: RefundForMail = {
  orderNumber: 'FF-0123456789',
  buyerName: 'Zoë Buyer',
  currency: 'INR',
  amount: 45000,
  shippingAmount: 0,
  lines: [{ name: 'Chocolate cake', optionName: '1 kg', quantity: 1, unitAmount: 45000 }],
  totalAmount: 104000,
  refundedAmount: 45000,
};
const REFUND_SELLER = { name: 'Ada Bakes', email: 'ada@bakes.example', pageUrl: 'https://folioforge.example/p/ada-bakes' };

Deno.test('the refund mail says what was refunded, how much, of which order, and who to ask', () => {
  const mail = buyerRefundMail(REFUND, REFUND_SELLER, LINK);
  assert.equal(mail.subject, 'Ada Bakes refunded ₹450.00 of your order FF-0123456789');
  const lines = mail.message.split('\n');
  for (const line of [
    'Hello Zoë Buyer,',
    'Ada Bakes has refunded ₹450.00 of your order FF-0123456789.',
    '1 × Chocolate cake (1 kg) at ₹450.00: ₹450.00',
    'Refund: ₹450.00',
    'Refunded of your order so far: ₹450.00 of ₹1,040.00.',
    LINK,
    'Questions about the refund? Write to Ada Bakes at ada@bakes.example, or visit https://folioforge.example/p/ada-bakes.',
  ])
    assert.ok(lines.includes(line), `${line} in\n${mail.message}`);
  assert.ok(!/^Shipping/m.test(mail.message), 'no shipping line when none came back');
});

Deno.test('the last refund says the order is refunded in full, shipping included; no mail known, the page', () => {
  const message = buyerRefundMail(
    {
      ...REFUND,
      amount: 59000,
      shippingAmount: 5000,
      lines: [{ name: 'Sourdough', optionName: null, quantity: 6, unitAmount: 9000 }],
      refundedAmount: 104000,
    },
    { ...REFUND_SELLER, email: null },
    LINK,
  ).message;
  assert.match(message, /^6 × Sourdough at ₹90\.00: ₹540\.00\nShipping: ₹50\.00\nRefund: ₹590\.00$/m);
  assert.match(message, /^Your order is now refunded in full \(₹1,040\.00\)\.$/m);
  assert.match(message, /^Questions about the refund\? Visit https:\/\/folioforge\.example\/p\/ada-bakes\.$/m);
});

/** The rows mailShopRefund reads, as PostgREST answers them: a refund of a cake, on an order of a cake and a tart. */
function refundRows(refund: Record<string, unknown> = {}) {
  const rows: Record<string, unknown> = {
    shop_order_refunds: {
      amount: 50000,
      shipping_amount: 5000,
      lines: [{ line: 1, quantity: 1 }],
      shop_orders: {
        order_number: 'FF-0123456789',
        owner_id: 'owner-1',
        portfolio_id: 'page-1',
        page_slug: 'ada-bakes',
        buyer_name: 'Zoë Buyer',
        buyer_email: 'zoe@example.com',
        currency: 'INR',
        total_amount: 104000,
        refunded_amount: 50000,
        shop_origin: null,
        shop_order_items: [
          { line: 2, name: 'Fruit tart', option_name: 'Large', unit_amount: 9000 },
          { line: 1, name: 'Chocolate cake', option_name: null, unit_amount: 45000 },
        ],
      },
      ...refund,
    },
    published_pages: { data: { profile: { name: ' Ada Bakes ' } } },
  };
  return adminReading(rows);
}

/** An admin client that answers each table's one row, as PostgREST does, and the owner's account. */
function adminReading(rows: Record<string, unknown>) {
  const chain = (table: string) => {
    const read = { data: rows[table] ?? null, error: null };
    const query = { select: () => query, eq: () => query, single: () => Promise.resolve(read), maybeSingle: () => Promise.resolve(read) };
    return query;
  };
  return {
    from: chain,
    auth: { admin: { getUserById: () => Promise.resolve({ data: { user: { email: 'ada@bakes.example' } }, error: null }) } },
  } as unknown as SupabaseClient;
}

const MAIL_ENV = (name: string) =>
  ({ SITE_URL: 'https://folioforge.example/', SUPABASE_URL: 'https://project.supabase.example', SHOP_ORDER_LINK_KEY: 'k'.repeat(32) })[
    name
  ];

Deno.test('the one refund mail, for the shop function and the webhook alike: read from the refund as it is now', async () => {
  const admin = refundRows();
  const sent: { to: string; subject: string; message: string }[] = [];
  await mailShopRefund(MAIL_ENV, admin, 'refund-1', (_env, mail) => {
    sent.push(mail);
    return Promise.resolve();
  });
  const link = `https://project.supabase.example/functions/v1/orders/status/${await orderStatusToken(MAIL_ENV, 'FF-0123456789')}`;
  assert.deepEqual(sent, [
    {
      to: 'zoe@example.com',
      subject: 'Ada Bakes refunded ₹500.00 of your order FF-0123456789',
      message: [
        'Hello Zoë Buyer,',
        '',
        'Ada Bakes has refunded ₹500.00 of your order FF-0123456789.',
        '',
        'Refunded:',
        '1 × Chocolate cake at ₹450.00: ₹450.00',
        'Shipping: ₹50.00',
        'Refund: ₹500.00',
        '',
        'Refunded of your order so far: ₹500.00 of ₹1,040.00.',
        'The money goes back to the card or account you paid with; banks usually show it within 5 to 7 working days.',
        '',
        "See your order's status at any time (keep this link to yourself; it shows your order):",
        link,
        '',
        'Questions about the refund? Write to Ada Bakes at ada@bakes.example, or visit https://folioforge.example/p/ada-bakes.',
      ].join('\n'),
    },
  ]);
});

Deno.test('a refund mail that cannot be made or sent is logged, never thrown: the refund stands', async () => {
  const sent: string[] = [];
  const record = (_env: unknown, mail: { to: string }) => {
    sent.push(mail.to);
    return Promise.resolve();
  };
  // A refund of a line the order does not have is not mailed with a wrong line.
  await mailShopRefund(MAIL_ENV, refundRows({ lines: [{ line: 9, quantity: 1 }] }), 'refund-1', record);
  assert.deepEqual(sent, []);
  await mailShopRefund(MAIL_ENV, refundRows(), 'refund-1', () => Promise.reject(new Error('EmailJS answered 500')));
});

Deno.test('a late payment’s refund mail: the order, that it had closed, what comes back, the status link', async () => {
  const admin = adminReading({
    shop_order_returned_payments: {
      amount: 18000,
      currency: 'INR',
      shop_orders: {
        order_number: 'FF-0123456789',
        portfolio_id: 'page-1',
        buyer_name: 'Zoë Buyer',
        buyer_email: 'zoe@example.com',
        shop_origin: null,
      },
    },
  });
  const sent: { to: string; subject: string; message: string }[] = [];
  await mailLatePaymentRefund(MAIL_ENV, admin, 'pay_Payment0000001', (_env, mail) => {
    sent.push(mail);
    return Promise.resolve();
  });
  const link = `https://project.supabase.example/functions/v1/orders/status/${await orderStatusToken(MAIL_ENV, 'FF-0123456789')}`;
  assert.deepEqual(sent, [
    {
      to: 'zoe@example.com',
      subject: 'Your payment of ₹180.00 for order FF-0123456789 is refunded',
      message: [
        'Hello Zoë Buyer,',
        '',
        'Your payment of ₹180.00 for order FF-0123456789 came after the order had closed: it was no longer open for payment, so nothing was bought with it.',
        'It has been refunded in full: ₹180.00 is coming back to you.',
        'The money goes back to the card or account you paid with; banks usually show it within 5 to 7 working days.',
        '',
        "See your order's status at any time (keep this link to yourself; it shows your order):",
        link,
      ].join('\n'),
    },
  ]);
  // A payment that cannot be read mails nobody, and a mail that cannot be sent is logged, never thrown: the refund stands.
  await mailLatePaymentRefund(MAIL_ENV, adminReading({}), 'pay_Payment0000001', (_env, mail) => {
    sent.push(mail);
    return Promise.resolve();
  });
  assert.equal(sent.length, 1);
  await mailLatePaymentRefund(MAIL_ENV, admin, 'pay_Payment0000001', () => Promise.reject(new Error('EmailJS answered 500')));
});
