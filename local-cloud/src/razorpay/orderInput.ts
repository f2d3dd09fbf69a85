// Validation of POST /v1/orders, with the messages Razorpay answers for each bad field.
import { badRequest, type RazorpayErrorBody } from './errors.ts';

/** The currencies this sandbox takes: rupees, and US dollars as an account with international payments does. */
export const SUPPORTED_CURRENCIES: ReadonlySet<string> = new Set(['INR', 'USD']);

/** Razorpay's smallest amount per currency, in its minor unit. */
const MINIMUM_AMOUNT: Record<string, number> = { INR: 100, USD: 50 };

/** The message for an amount Razorpay refuses, or undefined when it is fine (an integer, within limits). */
export function amountProblem(amount: unknown, currency: string): string | undefined {
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return 'The amount must be an integer.';
  const minimum = MINIMUM_AMOUNT[currency] ?? 100;
  if (amount < minimum) return `The amount must be atleast ${currency} ${(minimum / 100).toFixed(2)}`;
  if (amount > 50_000_000_00) return 'Amount exceeds maximum amount allowed.';
  return undefined;
}

interface OrderInput {
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string>;
}

const ALLOWED_FIELDS = new Set(['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount']);
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;

export function parseOrderInput(body: unknown): { ok: true; value: OrderInput } | { ok: false; error: RazorpayErrorBody } {
  const fail = (description: string, field?: string) => ({ ok: false as const, error: badRequest(description, field) });
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fail('The request body must be a JSON object');
  const input = body as Record<string, unknown>;

  const extra = Object.keys(input).filter((key) => !ALLOWED_FIELDS.has(key));
  if (extra.length) return fail(`${extra.join(', ')} is/are not required and should not be sent`, extra[0]);

  const { amount, currency, receipt, notes } = input;
  if (amount === undefined || amount === null || amount === '') return fail('The amount field is required.', 'amount');
  const numeric = typeof amount === 'string' && /^\d+$/.test(amount) ? Number(amount) : amount;
  if (typeof numeric !== 'number' || !Number.isInteger(numeric)) return fail('The amount must be an integer.', 'amount');

  if (currency === undefined || currency === null || currency === '') return fail('The currency field is required.', 'currency');
  if (typeof currency !== 'string' || !SUPPORTED_CURRENCIES.has(currency)) return fail('Currency is not supported', 'currency');
  const problem = amountProblem(numeric, currency);
  if (problem) return fail(problem, 'amount');

  if (receipt !== undefined && receipt !== null && typeof receipt !== 'string') return fail('The receipt must be a string.', 'receipt');
  if (typeof receipt === 'string' && receipt.length > 40) return fail('The receipt may not be greater than 40 characters.', 'receipt');

  const cleanNotes = parseNotes(notes);
  if (!cleanNotes.ok) return { ok: false, error: cleanNotes.error };
  return {
    ok: true,
    value: { amount: numeric, currency, receipt: typeof receipt === 'string' && receipt !== '' ? receipt : null, notes: cleanNotes.value },
  };
}

/** Razorpay's notes: at most 15 key-value pairs of short text (orders, plans and subscriptions alike). */
export function parseNotes(notes: unknown): { ok: true; value: Record<string, string> } | { ok: false; error: RazorpayErrorBody } {
  const fail = (description: string, field: string) => ({ ok: false as const, error: badRequest(description, field) });
  const clean: Record<string, string> = {};
  if (notes === undefined || notes === null) return { ok: true, value: clean };
  if (typeof notes !== 'object' || Array.isArray(notes)) return fail('The notes must be an array.', 'notes');
  const entries = Object.entries(notes as Record<string, unknown>);
  if (entries.length > MAX_NOTES) return fail(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`, 'notes');
  for (const [key, value] of entries) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return fail('The notes field is invalid.', `notes.${key}`);
    const text = String(value);
    if (text.length > MAX_NOTE_LENGTH)
      return fail(`The notes.${key} may not be greater than ${MAX_NOTE_LENGTH} characters.`, `notes.${key}`);
    clean[key] = text;
  }
  return { ok: true, value: clean };
}
