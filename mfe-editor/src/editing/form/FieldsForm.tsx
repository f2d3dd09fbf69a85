import type { FormEvent, HTMLAttributes } from 'react';

// Nothing is submitted: every change is already in the preview and the draft. Enter must not reload.
const keepOnPage = (event: FormEvent) => event.preventDefault();

/**
 * One group of the portfolio's fields (the profile, the social links, a section's own fields, an
 * item) as a form of its own. Chromium's autofill reads every control of the changed field's form
 * again after each key press: with a 30-item portfolio in one form (108 controls) that was a task
 * of 9–18 ms per key at 4× CPU slowdown, in the profile's own form about 3 ms. Unnamed, these
 * forms are not landmarks.
 */
export function FieldsForm({ children, ...rest }: Omit<HTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  return (
    <form {...rest} onSubmit={keepOnPage} noValidate>
      {children}
    </form>
  );
}
