// How Razorpay's test mode answers its documented test cards and UPI ids
// (razorpay.com/docs/payments/payments/test-card-details): cards for Indian and international
// payments, the three cards that can authorise subscriptions, and the cards that fail with a reason.
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

/** A documented test card, as the checkout dialog lists it. */
interface TestCard {
  /** Spaced as Razorpay prints it. */
  number: string;
  network: string;
  /** What it is for: one-time payments, subscriptions (recurring) or a failure. */
  use: 'payments' | 'international' | 'subscriptions' | 'fails';
  /** Why it fails, for failure cards. */
  note?: string;
}

function failure(code: PaymentFailure['code'], reason: string, description: string, source = 'bank'): PaymentFailure {
  return { code, description, source, step: 'payment_authorization', reason };
}

const INSUFFICIENT_FUNDS = failure(
  'BAD_REQUEST_ERROR',
  'insufficient_funds',
  'Your payment could not be completed due to insufficient account balance. Try another card or payment method.',
  'customer',
);
const CARD_DECLINED = failure(
  'BAD_REQUEST_ERROR',
  'card_declined',
  'Your payment did not go through as it was declined by the bank. Try another payment method or contact your bank.',
);
const TIMED_OUT = failure(
  'BAD_REQUEST_ERROR',
  'payment_timed_out',
  'Your payment could not be completed due to a temporary issue. Try again later.',
);
const CANCELLED = failure(
  'BAD_REQUEST_ERROR',
  'payment_cancelled',
  'Your payment has been cancelled. Try again or complete the payment later.',
  'customer',
);
const DISABLED_ONLINE = failure(
  'BAD_REQUEST_ERROR',
  'card_disabled_for_online_payments',
  'Your card is disabled for online payments. Please reach to your bank or try with another card.',
);
const NUMBER_INVALID = failure(
  'BAD_REQUEST_ERROR',
  'card_number_invalid',
  'You have entered an incorrect card number. Try again.',
  'customer',
);
const GATEWAY_TECHNICAL = failure(
  'GATEWAY_ERROR',
  'gateway_technical_error',
  'Your payment did not go through due to a temporary issue. Any debited amount will be refunded in 4-5 business days.',
  'gateway',
);
const AUTHENTICATION_FAILED = failure(
  'GATEWAY_ERROR',
  'authentication_failed',
  'Your payment could not be completed due to incorrect OTP or verification details. Try another payment method or contact your bank for details.',
);

const UPI_FAILED = failure(
  'BAD_REQUEST_ERROR',
  'payment_failed',
  "Your payment didn't go through as it was declined by the bank. Try another payment method or contact your bank.",
);

interface CardEntry extends TestCard {
  outcome: { kind: 'success' } | { kind: 'failure'; failure: PaymentFailure };
  /** Can authorise a subscription (a card mandate). */
  recurring: boolean;
}

const success = { kind: 'success' } as const;
const fails = (f: PaymentFailure) => ({ kind: 'failure', failure: f }) as const;

const CARDS: readonly CardEntry[] = [
  // Indian payments.
  { number: '4100 2800 0000 1007', network: 'Visa', use: 'payments', outcome: success, recurring: false },
  { number: '5500 6700 0000 1002', network: 'MasterCard', use: 'payments', outcome: success, recurring: false },
  { number: '6527 6589 0000 1005', network: 'RuPay', use: 'payments', outcome: success, recurring: false },
  { number: '3608 280009 1007', network: 'Diners Club', use: 'payments', outcome: success, recurring: false },
  { number: '3402 560004 01007', network: 'American Express', use: 'payments', outcome: success, recurring: false },
  // Razorpay's earlier list, still in most integration guides.
  { number: '4111 1111 1111 1111', network: 'Visa', use: 'payments', outcome: success, recurring: false },
  { number: '5267 3181 8797 5449', network: 'MasterCard', use: 'payments', outcome: success, recurring: false },
  // International payments.
  { number: '5555 5555 5555 4444', network: 'MasterCard', use: 'international', outcome: success, recurring: false },
  { number: '5105 1051 0510 5100', network: 'MasterCard', use: 'international', outcome: success, recurring: false },
  { number: '4012 8888 8888 1881', network: 'Visa', use: 'international', outcome: success, recurring: false },
  // Subscriptions: these three can authorise a mandate (and pay one-time too).
  { number: '4718 6091 0820 4366', network: 'Visa', use: 'subscriptions', outcome: success, recurring: true },
  { number: '5104 0155 5555 5558', network: 'MasterCard', use: 'subscriptions', outcome: success, recurring: true },
  { number: '5104 0600 0000 0008', network: 'MasterCard', use: 'subscriptions', outcome: success, recurring: true },
  // Error scenarios: the payment is made and fails with the documented reason.
  {
    number: '4100 2800 0008 0001',
    network: 'Visa',
    use: 'fails',
    note: 'insufficient funds',
    outcome: fails(INSUFFICIENT_FUNDS),
    recurring: true,
  },
  {
    number: '5305 6200 0005 0001',
    network: 'MasterCard',
    use: 'fails',
    note: 'insufficient funds',
    outcome: fails(INSUFFICIENT_FUNDS),
    recurring: true,
  },
  { number: '4100 2800 0006 0003', network: 'Visa', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '5305 6200 0003 0003', network: 'MasterCard', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '4100 2800 0005 0004', network: 'Visa', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '5305 6200 0002 0004', network: 'MasterCard', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '4100 2800 0004 0005', network: 'Visa', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '5305 6200 0001 0005', network: 'MasterCard', use: 'fails', note: 'declined', outcome: fails(CARD_DECLINED), recurring: true },
  { number: '4100 2800 0009 0000', network: 'Visa', use: 'fails', note: 'timed out', outcome: fails(TIMED_OUT), recurring: true },
  { number: '5305 6200 0006 0000', network: 'MasterCard', use: 'fails', note: 'timed out', outcome: fails(TIMED_OUT), recurring: true },
  { number: '4100 2800 0007 0002', network: 'Visa', use: 'fails', note: 'cancelled', outcome: fails(CANCELLED), recurring: true },
  { number: '5305 6200 0004 0002', network: 'MasterCard', use: 'fails', note: 'cancelled', outcome: fails(CANCELLED), recurring: true },
  {
    number: '4100 2800 0003 0006',
    network: 'Visa',
    use: 'fails',
    note: 'disabled for online payments',
    outcome: fails(DISABLED_ONLINE),
    recurring: true,
  },
  {
    number: '5305 6200 0000 0006',
    network: 'MasterCard',
    use: 'fails',
    note: 'disabled for online payments',
    outcome: fails(DISABLED_ONLINE),
    recurring: true,
  },
  { number: '4100 2800 0001 0008', network: 'Visa', use: 'fails', note: 'invalid number', outcome: fails(NUMBER_INVALID), recurring: true },
  {
    number: '5305 6200 0008 0008',
    network: 'MasterCard',
    use: 'fails',
    note: 'invalid number',
    outcome: fails(NUMBER_INVALID),
    recurring: true,
  },
  {
    number: '4100 2800 0002 0007',
    network: 'Visa',
    use: 'fails',
    note: 'gateway error',
    outcome: fails(GATEWAY_TECHNICAL),
    recurring: true,
  },
  {
    number: '5305 6200 0009 0007',
    network: 'MasterCard',
    use: 'fails',
    note: 'gateway error',
    outcome: fails(GATEWAY_TECHNICAL),
    recurring: true,
  },
  {
    number: '4100 2800 0000 0009',
    network: 'Visa',
    use: 'fails',
    note: 'authentication failed',
    outcome: fails(AUTHENTICATION_FAILED),
    recurring: true,
  },
  {
    number: '5305 6200 0007 0009',
    network: 'MasterCard',
    use: 'fails',
    note: 'authentication failed',
    outcome: fails(AUTHENTICATION_FAILED),
    recurring: true,
  },
];

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

const BY_NUMBER = new Map(CARDS.map((card) => [digitsOnly(card.number), card]));

/** The documented cards, for the checkout dialog's list. */
export const TEST_CARDS: readonly TestCard[] = CARDS.map(({ number, network, use, note }) => ({
  number,
  network,
  use,
  ...(note ? { note } : {}),
}));

/** The failure an automatic subscription charge meets when the sandbox is told the card now fails. */
export const RENEWAL_FAILURE = INSUFFICIENT_FUNDS;

/** MM/YY or MM/YYYY, not in the past (a card is valid through the end of its expiry month). */
function expiryIsValid(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** What paying with this card does; `recurring` when it is to authorise a subscription. */
export function cardOutcome(card: { number: string; expiry: string; cvv: string }, { recurring = false } = {}): InstrumentOutcome {
  const known = BY_NUMBER.get(digitsOnly(card.number));
  if (!known) {
    return { kind: 'invalid', description: 'Invalid card number. Use one of the test cards listed below.', field: 'card[number]' };
  }
  if (!expiryIsValid(card.expiry)) return { kind: 'invalid', description: 'Invalid expiry date', field: 'card[expiry]' };
  if (!/^\d{3,4}$/.test(card.cvv.trim())) return { kind: 'invalid', description: 'Invalid CVV', field: 'card[cvv]' };
  if (recurring && !known.recurring) {
    return {
      kind: 'invalid',
      description: 'Card does not support recurring payments. Use one of the subscription test cards.',
      field: 'card[number]',
    };
  }
  return { ...known.outcome, network: known.network };
}

export function upiOutcome(vpa: string): InstrumentOutcome {
  const id = vpa.trim().toLowerCase();
  if (id === 'success@razorpay') return { kind: 'success' };
  if (id === 'failure@razorpay') return { kind: 'failure', failure: UPI_FAILED };
  return { kind: 'invalid', description: 'Invalid UPI ID. Use success@razorpay or failure@razorpay.', field: 'vpa' };
}
