import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, TextField, getSupabase } from '@folioforge/shared';
import { PASSWORD_RULE, describeAuthError } from './authErrors';
import { passwordMismatch } from './forms';
import { OneTimeCodeField } from './OneTimeCodeField';
import { useFocusOnChange } from './useFocusOnChange';
import { useAuthSubmit } from './useAuthSubmit';
import layout from './AuthLayout.module.scss';

interface NewPasswordFormProps {
  /** Prefix for field ids, so two forms on one page never share ids. */
  idPrefix: string;
  submitLabel: string;
  /** What to show once the password is changed (the form is replaced by it). */
  done: ReactNode;
}

/** Where the emailed code (nonce) stands: not asked for, being mailed, or mailed and awaited. */
type NonceState = { kind: 'none' } | { kind: 'sending' } | { kind: 'sent' };

/**
 * New password + confirmation → `auth.updateUser({ password })`, for reset and for the account page.
 * With secure password change on, a session older than a day must prove it is still its owner: the
 * server answers reauthentication_needed, the form has a code mailed (`auth.reauthenticate()`) and
 * sends it along as the nonce. Nothing typed is lost meanwhile.
 */
export function NewPasswordForm({ idPrefix, submitLabel, done }: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [nonce, setNonce] = useState('');
  const [nonceState, setNonceState] = useState<NonceState>({ kind: 'none' });
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [mismatch, setMismatch] = useState<string | undefined>();
  const [changed, setChanged] = useState(false);
  const doneRef = useFocusOnChange<HTMLDivElement>(changed);

  async function mailNonce() {
    setNonceState({ kind: 'sending' });
    const { error } = await getSupabase().auth.reauthenticate();
    if (error) {
      setNonceState({ kind: 'none' });
      setProblem(describeAuthError(error));
      return false;
    }
    setNonceState({ kind: 'sent' });
    return true;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const different = passwordMismatch(password, confirm);
    setMismatch(different);
    if (different) return;
    if (nonceState.kind === 'sent' && !nonce.trim()) {
      setProblem({ message: 'Enter the code we emailed you.', field: 'code' });
      return;
    }
    void submit(async () => {
      const { error } = await getSupabase().auth.updateUser(nonceState.kind === 'sent' ? { password, nonce: nonce.trim() } : { password });
      if (error?.code === 'reauthentication_needed' && nonceState.kind === 'none') {
        // The server wants proof: mail the code and ask for it, keeping the new password as typed.
        if (await mailNonce()) return describeAuthError(error);
        return;
      }
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
      {nonceState.kind !== 'none' ? (
        <>
          <OneTimeCodeField
            id={`${idPrefix}-nonce`}
            label="Code from the email"
            value={nonce}
            onChange={setNonce}
            hint="We emailed you a 6-digit code to confirm it is you. It works once and for an hour."
            invalid={problem?.field === 'code'}
          />
          <Button variant="ghost" busy={nonceState.kind === 'sending'} onClick={() => void mailNonce()}>
            Email me a new code
          </Button>
        </>
      ) : null}
      <div className={layout.actions}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
