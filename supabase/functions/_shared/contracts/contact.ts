// The contact function (supabase/functions/contact): the contact form's message, as JSON from the
// app's own pages, with the user's token when signed in. A refusal names the fields that are wrong
// (`fieldErrors`, the rules of ../pageContracts.ts the form checks first) or how long to wait (429).
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../pageContracts.ts';
import { builtOnFirstUse } from '../builtOnFirstUse.ts';
import { defineFunction } from './functionContract.ts';

/** The contact form's fields, named as the EmailJS template expects them. */
export const contactRequest = builtOnFirstUse(() =>
  z.object({
    message: z.string().max(CONTACT_MESSAGE_MAX_LENGTH * 2),
    user_name: z.string().max(CONTACT_NAME_MAX_LENGTH * 2),
    user_email: z.string().max(EMAIL_MAX_LENGTH * 2),
  }),
);
export type ContactRequest = z.infer<ReturnType<typeof contactRequest>>;

export const contactAnswer = builtOnFirstUse(() => z.object({ sent: z.literal(true), priority: z.boolean() }));

export const contactFunction = defineFunction('contact', contactRequest().extend({ action: z.literal('send') }), { send: contactAnswer() });
