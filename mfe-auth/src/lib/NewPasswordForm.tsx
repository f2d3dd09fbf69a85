import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, TextField, getSupabase } from '@folioforge/shared';
import { PASSWORD_RULE, describeAuthError } from './authErrors';
import { passwordMismatch } from './forms';
import { useFocusOnChange } from './useFocusOnChange';
import { useAuthSubmit } from './useAuthSubmit';
import layout from './AuthLayout.module.scss';

export interface NewPasswordFormProps {
  /** Prefix for field ids, so two forms on one page never share ids. */
  idPrefix: string;
  submitLabel: string;
  /** What to show once the password is changed (the form is replaced by it). */
  done: ReactNode;
}

/** New password + confirmation → `auth.updateUser({ password })`, for reset and for the account page. */
export function NewPasswordForm({ idPrefix, submitLabel, done }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, problem, problemRef, submit } = useAuthSubmit();
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [changed, setChanged] = useState(false);
  const doneRef = useFocusOnChange<HTMLDivElement>(changed);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const different = passwordMismatch(password, confirm);
    setMismatch(different);
    if (different) return;
    void submit(async () => {
      const { error } = await getSupabase().auth.updateUser({ password });
      if (error) return describeAuthError(error);
      setChanged(true);
    });
  }

  if (changed) {
    return (
      <div ref={doneRef} tabIndex={-1} className={layout.focusTarget}>
        {done}
      </div>
    );
  }

  return (
    <form className={layout.form} onSubmit={handleSubmit} noValidate>
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      <TextField
        id={`${idPrefix}-password`}
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={PASSWORD_RULE}
        error={problem?.field === 'password' ? (problem.fieldMessage ?? problem.message) : undefined}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label="Confirm new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={mismatch}
      />
      <div className={layout.actions}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
