// How Razorpay's test mode answers its documented test cards and UPI ids.
export interface PaymentFailure {
  code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR';
  description: string;
  source: string;
  step: string;
  reason: string;
}

export type InstrumentOutcome =
  | { kind: 'success'; network?: string }
  | { kind: 'failure'; failure: PaymentFailure; network?: string }
  | { kind: 'invalid'; description: string; field: string };

const INSUFFICIENT_FUNDS: PaymentFailure = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment could not be completed due to insufficient account balance. Try again with another account.',
  source: 'customer',
  step: 'payment_authorization',
  reason: 'insufficient_funds',
};

const CARD_DECLINED: PaymentFailure = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment has been declined by your bank. Try another card or contact your bank for more details.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'card_declined',
};

const UPI_FAILED: PaymentFailure = {
  code: 'BAD_REQUEST_ERROR',
  description: "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.",
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

const CARDS: Record<string, InstrumentOutcome> = {
  '4100280000001007': { kind: 'success', network: 'Visa' },
  '5500670000001002': { kind: 'success', network: 'MasterCard' },
  '4100280000080001': { kind: 'failure', failure: INSUFFICIENT_FUNDS, network: 'Visa' },
  '4100280000060003': { kind: 'failure', failure: CARD_DECLINED, network: 'Visa' },
};

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** MM/YY or MM/YYYY, not in the past (a card is valid through the end of its expiry month). */
export function expiryIsValid(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

export function cardOutcome(card: { number: string; expiry: string; cvv: string }): InstrumentOutcome {
  const number = digitsOnly(card.number);
  const known = CARDS[number];
  if (!/^\d{12,19}$/.test(number) || !known) {
    return { kind: 'invalid', description: 'Invalid card number. Use one of the test cards.', field: 'card[number]' };
  }
  if (!expiryIsValid(card.expiry)) return { kind: 'invalid', description: 'Invalid expiry date', field: 'card[expiry]' };
  if (!/^\d{3,4}$/.test(card.cvv.trim())) return { kind: 'invalid', description: 'Invalid CVV', field: 'card[cvv]' };
  return known;
}

export function upiOutcome(vpa: string): InstrumentOutcome {
  const id = vpa.trim().toLowerCase();
  if (id === 'success@razorpay') return { kind: 'success' };
  if (id === 'failure@razorpay') return { kind: 'failure', failure: UPI_FAILED };
  return { kind: 'invalid', description: 'Invalid UPI ID. Use success@razorpay or failure@razorpay.', field: 'vpa' };
}
