// Shop orders as /account reads them (shopData.ts's select), for the Orders and Customers tests.
import type { ShopOrder } from '../screens/Account/shopData';

let counter = 0;

/** A paid pickup order of two cakes and a tart, ₹1,400.00, placed `minutesAgo` before 2 Dec 2026 18:00 UTC. */
export function shopOrder(changes: Partial<ShopOrder> = {}, minutesAgo = 0): ShopOrder {
  const n = ++counter;
  const at = new Date(Date.parse('2026-12-02T18:00:00Z') - minutesAgo * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    order_number: `FF-${String(n).padStart(10, '0')}`,
    portfolio_id: 'p1',
    page_slug: 'ada-bakes',
    buyer_name: 'Zoë Buyer',
    buyer_email: 'zoe@example.com',
    buyer_phone: '+919876543210',
    delivery: 'pickup',
    shipping_address: null,
    status: 'paid',
    currency: 'INR',
    items_amount: 140000,
    shipping_amount: 0,
    total_amount: 140000,
    refunded_amount: 0,
    razorpay_payment_id: 'pay_Payment0000001',
    fulfilment: null,
    fulfilled_at: null,
    fulfilment_note: null,
    created_at: at,
    paid_at: at,
    updated_at: at,
    expires_at: at,
    shop_order_items: [
      { line: 1, name: 'Chocolate cake', option_name: null, unit_amount: 45000, quantity: 2, line_amount: 90000, refunded_quantity: 0 },
      { line: 2, name: 'Fruit tart', option_name: 'Large', unit_amount: 50000, quantity: 1, line_amount: 50000, refunded_quantity: 0 },
    ],
    shop_order_refunds: [],
    late_payments: [],
    ...changes,
  };
}
