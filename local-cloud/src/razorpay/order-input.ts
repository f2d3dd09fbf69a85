// Validation of POST /v1/orders, with the messages Razorpay answers for each bad field.
import { badRequest, type RazorpayErrorBody } from './errors.ts';

export interface OrderInput {
  amount: number;
  currency: 'INR';
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
  if (numeric < 100) return fail('The amount must be atleast INR 1.00', 'amount');
  if (numeric > 50_000_000_00) return fail('Amount exceeds maximum amount allowed.', 'amount');

  if (currency === undefined || currency === null || currency === '') return fail('The currency field is required.', 'currency');
  if (currency !== 'INR') return fail('Currency is not supported', 'currency');

  if (receipt !== undefined && receipt !== null && typeof receipt !== 'string') return fail('The receipt must be a string.', 'receipt');
  if (typeof receipt === 'string' && receipt.length > 40) return fail('The receipt may not be greater than 40 characters.', 'receipt');

  const cleanNotes: Record<string, string> = {};
  if (notes !== undefined && notes !== null) {
    if (typeof notes !== 'object' || Array.isArray(notes)) return fail('The notes must be an array.', 'notes');
    const entries = Object.entries(notes as Record<string, unknown>);
    if (entries.length > MAX_NOTES) return fail(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`, 'notes');
    for (const [key, value] of entries) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        return fail('The notes field is invalid.', `notes.${key}`);
      const text = String(value);
      if (text.length > MAX_NOTE_LENGTH)
        return fail(`The notes.${key} may not be greater than ${MAX_NOTE_LENGTH} characters.`, `notes.${key}`);
      cleanNotes[key] = text;
    }
  }
  return {
    ok: true,
    value: { amount: numeric, currency: 'INR', receipt: typeof receipt === 'string' && receipt !== '' ? receipt : null, notes: cleanNotes },
  };
}
