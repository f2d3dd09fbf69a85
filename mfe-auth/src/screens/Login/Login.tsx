import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, FormAnnouncer, TextField, loadSupabase, returnLocationAfterLogin, useAuthStore } from '@folioforge/shared';
import { AuthLayout, BrandPanel } from '../../lib/AuthLayout';
import { describeAuthError, describeResendError } from '../../lib/authErrors';
import { arrivedBySignInLink, siteOrigin } from '../../lib/forms';
import { SecondFactorForm, type SecondFactorOutcome } from '../../lib/SecondFactorForm';
import { clearAuthFragment, settleLinkSession } from '../../lib/urlAuthResult';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import { PasswordlessSignIn } from './PasswordlessSignIn';
import layout from '../../lib/AuthLayout.module.scss';
import { usePasswordSignInFields } from './usePasswordSignInFields';

/** What the account page is told after a recovery code stood in for the authenticator. */
interface TwoFactorRecoveredState {
  twoFactorRecovered: 'kept' | 'removed';
}

type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * Login: email in the field named username, password, Sign In; or a mailed link or code. A user with
 * two-factor sign-in then enters the code from their authenticator app (or a recovery code). Mailed
 * links land here too (`/login?via=link#access_token=…`).
 */
export default function Login() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user, secondFactor } = useAuthStore();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  const signInFields = usePasswordSignInFields({ email, password }, problem);
  // The fragment as it arrived: supabase-js clears it once it has taken a session from it, often
  // before this screen loads, so mailed links also say so in the query (`?via=link`), which stays.
  const [hashAtArrival] = useState(() => window.location.hash);
  const fromLink = arrivedBySignInLink(location.search) || /(^#|&)(access_token|error|error_code)=/.test(hashAtArrival);

  function goOn() {
    const target = returnLocationAfterLogin(location);
    navigate({ pathname: target.pathname, search: target.search, hash: target.hash }, { replace: true, state: target.state });
  }

  /** Signed in by password, link or code: on, unless the user's second factor is still owed. */
  async function afterFirstFactor() {
    // supabase-js reads the level from the new session (its token and its user's factors).
    const { data } = await (await loadSupabase()).auth.mfa.getAuthenticatorAssuranceLevel();
    if (data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2') return; // the store now shows the code step
    goOn();
  }

  useEffect(() => {
    if (!fromLink) return;
    let current = true;
    void settleLinkSession(hashAtArrival).then(async ({ signedIn, failure }) => {
      clearAuthFragment();
      if (!current) return;
      navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
      if (failure) {
        setProblem({
          message:
            failure.code === 'otp_expired'
              ? 'This sign-in link is invalid or has expired. Links work once and for an hour: ask for a new one below.'
              : failure.description,
          code: failure.code,
        });
      } else if (signedIn) await afterFirstFactor();
    });
    return () => {
      current = false;
    };
    // Runs once per arrival: the link is read a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hashAtArrival]);

  function handleSecondFactorDone(outcome: SecondFactorOutcome) {
    if (outcome !== 'verified') {
      const state: TwoFactorRecoveredState = { twoFactorRecovered: outcome === 'recovered-kept' ? 'kept' : 'removed' };
      navigate('/account', { replace: true, state });
    } else goOn();
  }

  if (secondFactor) {
    return (
      <AuthLayout heading="Two-factor sign-in">
        <SecondFactorForm user={secondFactor.user} onDone={handleSecondFactorDone} />
      </AuthLayout>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResend({ kind: 'idle' });
    setProblem(null);
    if (!signInFields.checkBeforeSubmit()) return;
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.signInWithPassword({ email: email.trim(), password });
      if (error) return describeAuthError(error);
      await afterFirstFactor();
    });
  }

  // An unconfirmed address can ask for the confirmation mail again right here.
  async function handleResend() {
    setResend({ kind: 'sending' });
    const { error } = await (
      await loadSupabase()
    ).auth.resend({
      type: 'signup',
      email: email.trim(),
      options: { emailRedirectTo: `${siteOrigin()}/auth/callback` },
    });
    setResend(error ? { kind: 'failed', message: describeResendError(error) } : { kind: 'sent' });
  }

  return (
    <AuthLayout
      heading="Login"
      aside={
        <BrandPanel question="Don't you have an account?">
          <Link to="/register" className={layout.panelLink}>
            Register
          </Link>
        </BrandPanel>
      }
    >
      {status === 'signedIn' && user ? (
        <Alert tone="info">
          You are signed in as {user.email}.{' '}
          <Link to="/home" className={layout.link}>
            Go to Home
          </Link>
        </Alert>
      ) : null}
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error" id="login-problem">
            {problem.message}
            {problem.code === 'email_not_confirmed' ? (
              <>
                {' '}
                Open the confirmation link we emailed you, or{' '}
                <Button variant="ghost" onClick={() => void handleResend()} busy={resend.kind === 'sending'}>
                  send the link again
                </Button>
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {resend.kind === 'sent' ? <Alert tone="success">We sent a new confirmation link to {email.trim()}.</Alert> : null}
      {resend.kind === 'failed' ? <Alert tone="error">{resend.message}</Alert> : null}
      <form
        ref={signInFields.formRef}
        className={layout.form}
        onSubmit={handleSubmit}
        noValidate
        aria-describedby={problem ? 'login-problem' : undefined}
      >
        <TextField
          label="Email"
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          {...signInFields.fieldProps('email', setEmail)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          {...signInFields.fieldProps('password', setPassword)}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={busy}>
            Sign In
          </Button>
          <Link to="/forgot-password" className={layout.link}>
            Forgot password?
          </Link>
        </div>
        <FormAnnouncer announcement={signInFields.announcement} />
      </form>
      <PasswordlessSignIn email={email} onSignedIn={() => void afterFirstFactor()} />
    </AuthLayout>
  );
}
