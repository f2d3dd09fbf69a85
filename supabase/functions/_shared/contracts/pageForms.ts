// What a published page's forms post, without script: the sign-up form (the subscribe function) and
// the message form (the page-message function), and the page address both name. The functions check
// these; the screens check the same fields with the rules of ../pageContracts.ts and
// ../pageMessages.ts, which hold no schema, so a page starts without zod.
import { z } from 'zod';
import { builtOnFirstUse } from '../builtOnFirstUse.ts';
import { emailAddressProblem, SUBSCRIBER_NAME_MAX_LENGTH, typedTextProblem } from '../pageContracts.ts';
import { PAGE_MESSAGE_LIMITS } from '../pageMessages.ts';
import { optionField, ORDER_LIMITS, quantityField } from '../orderFields.ts';
import { SLUG_PATTERN, slugProblem } from '../slugs.ts';

export { optionField, ORDER_LIMITS, quantityField };

/** An address a page may have (/p/<slug>). */
export const slugSchema = builtOnFirstUse(() =>
  z.string().refine((candidate) => slugProblem(candidate) === undefined, {
    message: 'Use 3–40 lowercase letters, digits and dashes, starting and ending with a letter or digit.',
  }),
);

// ─── subscribe ───────────────────────────────────────────────────────────────────────────────
export const signUpForm = builtOnFirstUse(() =>
  z.object({
    portfolio: z.uuid(),
    slug: slugSchema(),
    email: z.string().refine((email) => emailAddressProblem(email) === undefined),
    name: z
      .string()
      .optional()
      .refine(
        (name) => !name || typedTextProblem(name, { label: 'your name', max: SUBSCRIBER_NAME_MAX_LENGTH, required: false }) === undefined,
      ),
  }),
);
export type SignUpForm = z.infer<ReturnType<typeof signUpForm>>;

// ─── page-message ────────────────────────────────────────────────────────────────────────────
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A field the visitor types: trimmed, not empty, at most `max` characters, none of `control`. */
const typedText = (max: number, whenEmpty: string, control: RegExp) =>
  z
    .string()
    .trim()
    .min(1, whenEmpty)
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !control.test(value), 'Use letters, not control characters');

export const pageMessageBody = builtOnFirstUse(() =>
  z.object({
    portfolio: z.uuid(),
    slug: z.string().regex(SLUG_PATTERN),
    name: typedText(PAGE_MESSAGE_LIMITS.name, 'Write your name', CONTROL),
    email: z.string().trim().max(PAGE_MESSAGE_LIMITS.email).pipe(z.email('Write an email address the owner can answer')),
    message: typedText(PAGE_MESSAGE_LIMITS.message, 'Write a message', CONTROL_BUT_LINES),
    website: z.string().max(500).optional(),
  }),
);
export type PageMessageBody = z.infer<ReturnType<typeof pageMessageBody>>;

// ─── orders ──────────────────────────────────────────────────────────────────────────────────
// A page's order form (the orders function): one form for every product of the page. Each product
// has a quantity field `quantity.<item id>` (empty or 0: not ordered) and, with options, a choice
// `option.<item id>`; then the buyer's name, email, phone, pickup or delivery, and the address when
// delivered. Prices are never read from the form: the function prices the published page.

/** An item's or option's id, as the model writes them (templates/src/model/ids.ts). */
const ITEM_ID = /^[A-Za-z0-9_-]{1,40}$/;
const PHONE_DIGITS = /^\+?[0-9]{6,15}$/;

const addressPart = (max: number, whenEmpty: string) => typedText(max, whenEmpty, CONTROL).optional();

export const orderForm = builtOnFirstUse(() =>
  z
    .object({
      portfolio: z.uuid(),
      slug: z.string().regex(SLUG_PATTERN),
      lines: z
        .array(
          z.object({
            item: z.string().regex(ITEM_ID, 'Choose a product from the page'),
            option: z.union([z.literal(''), z.string().regex(ITEM_ID, 'Choose an option from the list')]),
            quantity: z.coerce
              .number({ error: 'Write how many, like 1' })
              .int('Write a whole number')
              .min(1, 'Order at least 1')
              .max(ORDER_LIMITS.quantity, `Order at most ${ORDER_LIMITS.quantity}`),
          }),
        )
        .min(1, 'Choose how many of a product you want')
        .max(ORDER_LIMITS.lines, `An order holds at most ${ORDER_LIMITS.lines} products`),
      name: typedText(ORDER_LIMITS.name, 'Write your name', CONTROL),
      email: z.string().trim().max(ORDER_LIMITS.email).pipe(z.email('Write an email address for the receipt')),
      // Spaces, dashes, dots and brackets as people write numbers; Razorpay takes the digits.
      phone: z
        .string()
        .transform((typed) => typed.replace(/[\s().-]/g, ''))
        .pipe(z.string().regex(PHONE_DIGITS, 'Write a phone number, like +91 98765 43210')),
      delivery: z.enum(['pickup', 'ship'], { error: 'Choose pickup or delivery' }).default('pickup'),
      addressLine1: addressPart(ORDER_LIMITS.addressLine, 'Write the street and number'),
      addressLine2: z.string().trim().max(ORDER_LIMITS.addressLine, `Use at most ${ORDER_LIMITS.addressLine} characters`).optional(),
      city: addressPart(ORDER_LIMITS.city, 'Write the town or city'),
      region: z.string().trim().max(ORDER_LIMITS.region, `Use at most ${ORDER_LIMITS.region} characters`).optional(),
      postalCode: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 -]{3,12}$/, 'Write the postal code, like 560001')
        .optional(),
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Choose a country')
        .transform((code) => code.toUpperCase())
        .optional(),
    })
    .superRefine((form, context) => {
      if (form.delivery !== 'ship') return;
      const needed = {
        addressLine1: 'Write the street and number',
        city: 'Write the town or city',
        postalCode: 'Write the postal code, like 560001',
      };
      for (const [field, message] of Object.entries(needed))
        if (!form[field as keyof typeof needed]) context.addIssue({ code: 'custom', path: [field], message });
    }),
);
export type OrderForm = z.infer<ReturnType<typeof orderForm>>;

/** Fields every order has: left empty, each is told what to write. */
const ORDER_REQUIRED_FIELDS = new Set(['name', 'email', 'phone']);

/**
 * The form's flat fields as the schema reads them: `quantity.<id>` and `option.<id>` become lines
 * (a quantity left empty or 0 is no line); an optional field left empty is absent.
 */
export function orderFormInput(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const lines: { item: string; option: string; quantity: string }[] = [];
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('quantity.')) {
      const item = key.slice('quantity.'.length);
      if (value.trim() !== '' && value.trim() !== '0')
        lines.push({ item, option: fields[optionField(item)] ?? '', quantity: value.trim() });
    } else if (!key.startsWith('option.') && (value.trim() !== '' || ORDER_REQUIRED_FIELDS.has(key))) rest[key] = value;
  }
  for (const key of ORDER_REQUIRED_FIELDS) rest[key] ??= '';
  return { ...rest, lines };
}

/** The form field a problem of orderForm is beside: a line's quantity or option, or the buyer's field. */
export function orderFormField(path: readonly PropertyKey[], input: Record<string, unknown>): string {
  if (path[0] === 'lines' && typeof path[1] === 'number') {
    const line = (input.lines as { item: string }[])[path[1]];
    if (line) return path[2] === 'option' ? optionField(line.item) : quantityField(line.item);
  }
  return path[0] === 'lines' ? 'lines' : String(path[0] ?? 'form');
}
