import { emailProblem, useFieldErrors } from '@folioforge/shared';
import type { AuthProblem } from '../../lib/authErrors';

type SignInField = 'email' | 'password';

/**
 * The password sign-in form's field errors: an address that is missing or malformed and a missing
 * password are said beside their fields (and announced) before anything is sent. A refused sign-in
 * (wrong password) belongs to both fields and stays the form's alert; one the server pins on the
 * address (`problem.field`) is said beside it too.
 */
export function usePasswordSignInFields(values: Record<SignInField, string>, problem: AuthProblem | null) {
  const fields = useFieldErrors<SignInField>(() => ({
    email: emailProblem(values.email),
    password: values.password ? undefined : 'Enter your password.',
  }));

  /** What a field's TextField needs besides its value: the error, and the calls that keep it current. */
  const fieldProps = (field: SignInField, setValue: (value: string) => void) => ({
    error: fields.errorOf(field) ?? (problem?.field === field ? (problem.fieldMessage ?? problem.message) : undefined),
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      fields.changed(field);
    },
    onBlur: (event: { target: { value: string }; relatedTarget: EventTarget | null }) => fields.touch(field, event),
  });

  return { formRef: fields.formRef, checkBeforeSubmit: fields.checkBeforeSubmit, fieldProps, announcement: fields.announcement };
}
