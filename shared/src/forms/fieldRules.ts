// The checks a form makes in the browser before sending, in words for the person typing. The servers
// check the same again (GoTrue the email and password, the contact function its fields); these only
// spare a round trip and say what is wrong beside the field.

/** Most addresses are longer than this only by mistake (RFC 5321 caps a path at 254). */
export const EMAIL_MAX_LENGTH = 254;

/** name@host.tld: no spaces, one @, a dot in the host, an ending of two letters or more. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** What is wrong with an email address, or undefined when it looks like one. */
export function emailProblem(value: string, { required = true }: { required?: boolean } = {}): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required ? 'Enter your email address.' : undefined;
  if (trimmed.length > EMAIL_MAX_LENGTH) return `Use at most ${EMAIL_MAX_LENGTH} characters.`;
  if (!EMAIL_SHAPE.test(trimmed)) return 'Enter an email address like name@example.com.';
  return undefined;
}

/** What is wrong with a required text, or undefined: empty (spaces count as empty) or too long. */
export function textProblem(value: string, { label, max, required = true }: { label: string; max: number; required?: boolean }) {
  const trimmed = value.trim();
  if (!trimmed) return required ? `Enter ${label}.` : undefined;
  if (trimmed.length > max) return `Use at most ${max.toLocaleString('en')} characters (now ${trimmed.length.toLocaleString('en')}).`;
  return undefined;
}
