// The Orders list as a CSV file (RFC 4180: quoted where needed, CRLF lines), for a spreadsheet. A
// buyer typed their name and address: a cell that a spreadsheet would run as a formula (=, +, -, @,
// a tab or a return first) is written with a leading apostrophe, so it stays text.
import { formatMoney } from '@folioforge/shared';
import type { ShopOrder } from './shopData';

const HEADER = [
  'Order',
  'Placed',
  'Status',
  'Fulfilment',
  'Buyer',
  'Email',
  'Phone',
  'Delivery',
  'Address',
  'Items',
  'Items amount',
  'Shipping',
  'Total',
  'Refunded',
  'Currency',
  'Payment',
];

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An amount as a spreadsheet reads it: 1234.50, in the currency's own unit. */
const plainAmount = (minor: number, currency: string) => formatMoney(minor, currency).replace(/[^0-9.]/g, '');

export function ordersCsv(orders: readonly ShopOrder[]): string {
  const rows = orders.map((order) => [
    order.order_number,
    order.created_at,
    order.status,
    order.fulfilment ?? '',
    order.buyer_name,
    order.buyer_email,
    order.buyer_phone,
    order.delivery,
    order.shipping_address
      ? [
          order.shipping_address.line1,
          order.shipping_address.line2,
          order.shipping_address.city,
          order.shipping_address.state,
          order.shipping_address.postalCode,
          order.shipping_address.country,
        ]
          .filter(Boolean)
          .join(', ')
      : '',
    [...order.shop_order_items]
      .sort((a, b) => a.line - b.line)
      .map((item) => `${item.quantity} × ${item.name}${item.option_name ? ` (${item.option_name})` : ''}`)
      .join('; '),
    plainAmount(order.items_amount, order.currency),
    plainAmount(order.shipping_amount, order.currency),
    plainAmount(order.total_amount, order.currency),
    plainAmount(order.refunded_amount, order.currency),
    order.currency,
    order.razorpay_payment_id ?? '',
  ]);
  return [HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
