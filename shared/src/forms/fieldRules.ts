// The checks a form makes in the browser before sending, in words for the person typing. The servers
// check the same again (GoTrue the email and password, the contact function its fields, with these
// very rules: supabase/functions/_shared/pageContracts.ts); these only spare a round trip and say
// what is wrong beside the field.
import { emailAddressProblem, typedTextProblem } from '../../../supabase/functions/_shared/pageContracts';

export { EMAIL_MAX_LENGTH } from '../../../supabase/functions/_shared/pageContracts';

/** What is wrong with an email address, or undefined when it looks like one. */
export function emailProblem(value: string, { required = true }: { required?: boolean } = {}): string | undefined {
  return emailAddressProblem(value, { required });
}

/**
 * What is wrong with a text, or undefined: empty when required (spaces count as empty), too long, or
 * holding control characters (line breaks are fine).
 */
export function textProblem(value: string, { label, max, required = true }: { label: string; max: number; required?: boolean }) {
  return typedTextProblem(value, { label, max, required, multiline: true });
}
