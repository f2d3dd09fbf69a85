// The contact function (supabase/functions/contact): the contact form's message, as JSON from the
// app's own pages, with the user's token when signed in. A refusal names the fields that are wrong
// (`fieldErrors`, the rules of ../pageContracts.ts the form checks first) or how long to wait (429).
import { z } from 'zod';
import { contactAnswer, contactRequest } from '../pageContracts.ts';
import { defineFunction } from './functionContract.ts';

export const contactFunction = defineFunction('contact', contactRequest().extend({ action: z.literal('send') }), { send: contactAnswer() });
