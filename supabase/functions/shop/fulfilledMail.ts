// The mail a buyer gets when the owner marks their order shipped or ready for pickup: plain text (the
// account mail template shows it as text), with the order's number and items, what the owner noted,
// its status link (as the receipt's), and who sells, so the buyer can answer them.
import { STATUS_LINK_LINE } from '../_shared/shopMail.ts';
import type { OwnerOrder } from './store.ts';

export function fulfilledMail(
  order: OwnerOrder,
  fulfilment: 'shipped' | 'ready_for_pickup',
  note: string | null,
): { subject: string; message: string } {
  const shipped = fulfilment === 'shipped';
  const items = order.items.map((item) => `- ${item.quantity} × ${item.name}${item.optionName ? ` (${item.optionName})` : ''}`);
  return {
    subject: shipped
      ? `Your order ${order.orderNumber} from ${order.seller.name} is on its way`
      : `Your order ${order.orderNumber} from ${order.seller.name} is ready for pickup`,
    message: [
      `Hello ${order.buyerName},`,
      '',
      shipped
        ? `${order.seller.name} has shipped your order ${order.orderNumber}.`
        : `Your order ${order.orderNumber} is ready: you can pick it up from ${order.seller.name}.`,
      '',
      ...items,
      ...(note ? ['', `${shipped ? 'Shipping details' : 'Pickup details'} from ${order.seller.name}: ${note}`] : []),
      '',
      STATUS_LINK_LINE,
      order.statusUrl,
      '',
      `Questions about your order? ${order.seller.email ? `Write to ${order.seller.name} at ${order.seller.email}, or ` : ''}visit ${order.seller.pageUrl}.`,
    ].join('\n'),
  };
}
