import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, FormAnnouncer, TextField, loadSupabase, returnLocationAfterLogin, useAuthStore } from '@folioforge/shared';
import { AuthLayout, BrandPanel } from '../../lib/AuthLayout';
import { describeAuthError, describeResendError } from '../../lib/authErrors';
import { siteOrigin } from '../../lib/forms';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';
import { usePasswordSignInFields } from './usePasswordSignInFields';

type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/** Login: email in the field named username, password, Sign In. */
export default function Login() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user } = useAuthStore();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  const signInFields = usePasswordSignInFields({ email, password }, problem);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResend({ kind: 'idle' });
    setProblem(null);
    if (!signInFields.checkBeforeSubmit()) return;
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.signInWithPassword({ email: email.trim(), password });
      if (error) return describeAuthError(error);
      const target = returnLocationAfterLogin(location);
      navigate({ pathname: target.pathname, search: target.search, hash: target.hash }, { replace: true, state: target.state });
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
    </AuthLayout>
  );
}
