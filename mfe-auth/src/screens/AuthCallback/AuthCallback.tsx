import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, TextField, getSupabase } from '@folioforge/shared';
import { AuthLayout } from '../../lib/AuthLayout';
import { describeResendError } from '../../lib/authErrors';
import { siteOrigin } from '../../lib/forms';
import { clearAuthFragment, settleLinkSession, type LinkFailure } from '../../lib/urlAuthResult';
import { useFocusOnChange } from '../../lib/useFocusOnChange';
import { PickTemplateStart } from './PickTemplateStart';
import layout from '../../lib/AuthLayout.module.scss';

type CallbackState = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; failure: LinkFailure | null };
type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'failed'; message: string };

/** Where the confirmation link from the sign-up mail lands (`emailRedirectTo` of Register): signed in, a template to pick. */
export default function AuthCallback() {
  // The fragment as it arrived: supabase-js clears it once it has taken a session from it.
  const [hashAtArrival] = useState(() => window.location.hash);
  const [state, setState] = useState<CallbackState>({ kind: 'confirming' });
  const [email, setEmail] = useState('');
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  const outcomeRef = useFocusOnChange<HTMLDivElement>(state.kind === 'confirming' ? null : state.kind);

  useEffect(() => {
    let current = true;
    void settleLinkSession(hashAtArrival).then(({ signedIn, failure }) => {
      if (!current) return;
      setState(signedIn && !failure ? { kind: 'confirmed' } : { kind: 'failed', failure });
      // Tokens or error codes have no business staying in the address bar or the history.
      clearAuthFragment();
    });
    return () => {
      current = false;
    };
    // Runs once per arrival: the link is read a single time.
  }, [hashAtArrival]);

  async function handleResend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setResend({ kind: 'failed', message: 'Enter the email address you registered with.' });
      return;
    }
    setResend({ kind: 'sending' });
    try {
      const { error } = await getSupabase().auth.resend({
        type: 'signup',
        email: address,
        options: { emailRedirectTo: `${siteOrigin()}/auth/callback` },
      });
      setResend(error ? { kind: 'failed', message: describeResendError(error) } : { kind: 'sent', email: address });
    } catch (error) {
      setResend({ kind: 'failed', message: describeResendError(error) });
    }
  }

  if (state.kind === 'confirming') {
    return (
      <AuthLayout heading="Email confirmation">
        <p role="status">Confirming your email…</p>
      </AuthLayout>
    );
  }

  if (state.kind === 'confirmed') {
    return (
      <AuthLayout heading="Welcome to FolioForge">
        <div ref={outcomeRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="success">Your email is confirmed — you are signed in.</Alert>
        </div>
        <PickTemplateStart />
      </AuthLayout>
    );
  }

  const expired = !state.failure || state.failure.code === 'otp_expired';
  return (
    <AuthLayout heading="Email confirmation">
      <div ref={outcomeRef} tabIndex={-1} className={layout.focusTarget}>
        <Alert tone="error">
          {expired ? 'This confirmation link is invalid or has expired.' : 'We could not confirm your email with this link.'}
          {state.failure?.description ? <> ({state.failure.description})</> : null}
        </Alert>
      </div>
      <p>
        If you already confirmed your address,{' '}
        <Link to="/login" className={layout.link}>
          log in
        </Link>
        . Otherwise we can send you a new link.
      </p>
      {resend.kind === 'sent' ? (
        <Alert tone="success">We sent a new confirmation link to {resend.email}.</Alert>
      ) : (
        <form className={layout.form} onSubmit={(event) => void handleResend(event)} noValidate>
          {resend.kind === 'failed' ? <Alert tone="error">{resend.message}</Alert> : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className={layout.actions}>
            <Button type="submit" busy={resend.kind === 'sending'}>
              Send a new link
            </Button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
