import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, loadSupabase } from '@folioforge/shared';
import { describeAuthError } from '../../lib/authErrors';
import { signInLinkTarget } from '../../lib/forms';
import { LocalMailboxNote } from '../../lib/LocalMailboxNote';
import { OneTimeCodeField } from '../../lib/OneTimeCodeField';
import { normalizeTotpCode } from '../../lib/SecondFactorForm';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';

interface PasswordlessSignInProps {
  /** The address typed in the login form's Email field. */
  email: string;
  /** A code signed the visitor in (the login screen then asks for a second factor or moves on). */
  onSignedIn(): void;
}

/**
 * "Email me a sign-in link and code": one mail (POST /otp, GoTrue's magic link template) carries both a
 * link and a six-digit code, and either one signs in, once. One button for one mail: two buttons made
 * two requests for the same mail (the second refused by the mail frequency limit, and the code used
 * voided the link of the "other" mail). Unknown addresses get no account (create_user off: a sign-in
 * form does not sign strangers up) and the screen says the same as for a known one.
 */
export function PasswordlessSignIn({ email, onSignedIn }: PasswordlessSignInProps) {
  /** The address the mail went to (or would have, had it an account). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The mail frequency limit refused another mail: the last one is still the one to use. */
  const [alreadySent, setAlreadySent] = useState(false);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  // Once the mail is on its way, the next thing to type is its code.
  useEffect(() => {
    if (sentTo) document.getElementById('email-code')?.focus();
  }, [sentTo]);

  async function send() {
    const address = email.trim();
    if (!address) {
      setProblem({ message: 'Enter your email address above first.', field: 'email' });
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const { error } = await (
        await loadSupabase()
      ).auth.signInWithOtp({ email: address, options: { emailRedirectTo: signInLinkTarget(), shouldCreateUser: false } });
      // An address without an account is told nothing else (otp_disabled is Auth's answer for it).
      const code = error && 'code' in error ? error.code : undefined;
      // One mail per address a minute (GoTrue's "only request this after N seconds"): the last one works.
      const lastMailStands = code === 'over_email_send_rate_limit' && /after \d+ seconds/.test(error?.message ?? '');
      if (error && code !== 'otp_disabled' && !lastMailStands) {
        setProblem(describeAuthError(error));
        return;
      }
      setAlreadySent(lastMailStands);
      setSentTo(address);
      setCode('');
    } catch (error) {
      setProblem(describeAuthError(error));
    } finally {
      setSending(false);
    }
  }

  function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo) return;
    const typed = normalizeTotpCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setProblem({ message: 'Enter the 6-digit code from the email.', field: 'code' });
      return;
    }
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.verifyOtp({ email: sentTo, token: typed, type: 'email' });
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
      {sentTo ? (
        <form onSubmit={handleCode} noValidate aria-label="Sign-in code" className={layout.form}>
          <Alert tone="success">
            <span className={layout.wrapAnywhere}>
              {alreadySent
                ? `Only one sign-in mail a minute goes to ${sentTo}: use the link or the code of the last one.`
                : `If ${sentTo} has a FolioForge account, we emailed it a sign-in link and a 6-digit code.`}{' '}
              Open the link in this browser, or enter the code here. Either signs you in, once, within an hour.
            </span>
          </Alert>
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
          <p className={layout.note}>No mail after a minute? Check the address above, or register if you have no account yet.</p>
        </form>
      ) : null}
      {sentTo ? <LocalMailboxNote /> : null}
      <div className={layout.actions}>
        <Button variant="secondary" busy={sending} onClick={() => void send()}>
          {sentTo ? 'Email me a new link and code' : 'Email me a sign-in link and code'}
        </Button>
      </div>
    </div>
  );
}
