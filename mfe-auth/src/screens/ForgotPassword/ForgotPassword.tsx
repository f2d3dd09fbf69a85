import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, TextField, loadSupabase } from '@folioforge/shared';
import { AuthLayout } from '../../lib/AuthLayout';
import { MailSentActions } from '../../lib/MailSentActions';
import { describeAuthError } from '../../lib/authErrors';
import { emailFormatHint, siteOrigin } from '../../lib/forms';
import { useFocusOnChange } from '../../lib/useFocusOnChange';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';

/** "Forgot password?": mails a recovery link that opens /reset-password signed in. */
export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useFocusOnChange<HTMLDivElement>(sentTo);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setProblem({ message: 'Enter the email address you registered with.', field: 'email' });
      return;
    }
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.resetPasswordForEmail(address, { redirectTo: `${siteOrigin()}/reset-password` });
      if (error) return describeAuthError(error);
      setSentTo(address);
    });
  }

  if (sentTo) {
    return (
      <AuthLayout heading="Forgot password">
        {/* The same words whether or not the address has an account, as the server answers alike. */}
        <div ref={sentRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="success">If an account exists for {sentTo}, we sent a link to reset your password.</Alert>
        </div>
        <MailSentActions onUseAnotherEmail={() => setSentTo(null)} loginPath="/login" />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading="Forgot password">
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      <form className={layout.form} onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
          hint={touched ? emailFormatHint(email) : undefined}
          aria-invalid={problem?.field === 'email' || undefined}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={busy}>
            Send reset link
          </Button>
          <Link to="/login" className={layout.link}>
            Back to Login
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
}
