import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, loadSupabase } from '@folioforge/shared';
import { describeAuthError } from '../../lib/authErrors';
import { signInLinkTarget } from '../../lib/forms';
import { LocalMailboxNote } from '../../lib/LocalMailboxNote';
import { OneTimeCodeField } from '../../lib/OneTimeCodeField';
import { normalizeTotpCode } from '../../lib/SecondFactorForm';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';

type Sent = { kind: 'none' } | { kind: 'link'; email: string } | { kind: 'code'; email: string };

interface PasswordlessSignInProps {
  /** The address typed in the login form's Email field. */
  email: string;
  /** A code signed the visitor in (the login screen then asks for a second factor or moves on). */
  onSignedIn(): void;
}

/**
 * "Email me a sign-in link" and "Email me a sign-in code": one mail (POST /otp) carries both a link and
 * a six-digit code. Addresses without an account get the same answer (the mail then confirms a new
 * account), so this cannot be used to find out who has one.
 */
export function PasswordlessSignIn({ email, onSignedIn }: PasswordlessSignInProps) {
  const [sent, setSent] = useState<Sent>({ kind: 'none' });
  const [code, setCode] = useState('');
  const [sending, setSending] = useState<'link' | 'code' | null>(null);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  // Once the code is on its way, the next thing to type is the code.
  useEffect(() => {
    if (sent.kind === 'code') document.getElementById('email-code')?.focus();
  }, [sent]);

  async function send(kind: 'link' | 'code') {
    const address = email.trim();
    if (!address) {
      setProblem({ message: 'Enter your email address above first.', field: 'email' });
      return;
    }
    setProblem(null);
    setSending(kind);
    try {
      const { error } = await (
        await loadSupabase()
      ).auth.signInWithOtp({
        email: address,
        // create_user stays on: refusing unknown addresses would tell who has an account.
        options: { emailRedirectTo: signInLinkTarget(), shouldCreateUser: true },
      });
      if (error) setProblem(describeAuthError(error));
      else setSent({ kind, email: address });
    } catch (error) {
      setProblem(describeAuthError(error));
    } finally {
      setSending(null);
    }
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sent.kind !== 'code') return;
    const typed = normalizeTotpCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setProblem({ message: 'Enter the 6-digit code from the email.', field: 'code' });
      return;
    }
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.verifyOtp({ email: sent.email, token: typed, type: 'email' });
      if (error) return describeAuthError(error);
      onSignedIn();
    });
  }

  return (
    <div className={layout.form}>
      <h2 className={layout.note}>Or sign in without your password</h2>
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      {sent.kind === 'link' ? (
        <Alert tone="success">
          Check your email: we sent a sign-in link to {sent.email}. Open it in this browser; it works once and for an hour.
        </Alert>
      ) : null}
      {sent.kind === 'code' ? (
        <form onSubmit={handleCode} noValidate aria-label="Sign-in code" className={layout.form}>
          <Alert tone="success">We emailed a 6-digit code to {sent.email}. It works once and for an hour.</Alert>
          <OneTimeCodeField
            id="email-code"
            label="Code from the email"
            value={code}
            onChange={setCode}
            invalid={problem?.field === 'code'}
          />
          <div className={layout.actions}>
            <Button type="submit" busy={busy}>
              Use this code
            </Button>
          </div>
        </form>
      ) : null}
      {sent.kind !== 'none' ? <LocalMailboxNote /> : null}
      <div className={layout.actions}>
        <Button variant="secondary" busy={sending === 'link'} onClick={() => void send('link')}>
          Email me a sign-in link
        </Button>
        <Button variant="secondary" busy={sending === 'code'} onClick={() => void send('code')}>
          Email me a sign-in code
        </Button>
      </div>
    </div>
  );
}
