import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, useAuthStore } from '@folioforge/shared';
import { AuthLayout } from '../../lib/AuthLayout';
import { NewPasswordForm } from '../../lib/NewPasswordForm';
import { SecondFactorForm } from '../../lib/SecondFactorForm';
import { clearAuthFragment, settleLinkSession, type LinkFailure } from '../../lib/urlAuthResult';
import layout from '../../lib/AuthLayout.module.scss';

/**
 * Where the recovery link lands: supabase-js signs the visitor in from the link (event
 * PASSWORD_RECOVERY) and they choose a new password here.
 */
export default function ResetPassword() {
  const { status, user, passwordRecovery, secondFactor } = useAuthStore();
  const [hashAtArrival] = useState(() => window.location.hash);
  const [linkRead, setLinkRead] = useState(false);
  const [failure, setFailure] = useState<LinkFailure | null>(null);

  useEffect(() => {
    let current = true;
    void settleLinkSession(hashAtArrival).then((result) => {
      if (!current) return;
      setFailure(result.failure);
      setLinkRead(true);
      clearAuthFragment();
    });
    return () => {
      current = false;
    };
  }, [hashAtArrival]);

  if (!linkRead || status === 'loading') {
    return (
      <AuthLayout heading="Choose a new password">
        <p role="status">Opening your reset link…</p>
      </AuthLayout>
    );
  }

  // With two-factor sign-in, the link is only the first factor: the password changes after the code.
  if (!failure && secondFactor) {
    return (
      <AuthLayout heading="Choose a new password">
        <SecondFactorForm user={secondFactor.user} onDone={() => undefined} />
      </AuthLayout>
    );
  }

  if (failure || status !== 'signedIn') {
    return (
      <AuthLayout heading="Choose a new password">
        <Alert tone="error">This reset link is invalid or has expired.{failure?.description ? <> ({failure.description})</> : null}</Alert>
        <div className={layout.actions}>
          <Link to="/forgot-password" className={layout.link}>
            Send me a new link
          </Link>
          <Link to="/login" className={layout.link}>
            Back to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading="Choose a new password">
      <p>
        {passwordRecovery ? 'You opened a password reset link' : 'You are signed in'} as <strong>{user?.email}</strong>. Choose the password
        you will log in with from now on.
      </p>
      <NewPasswordForm
        idPrefix="reset"
        submitLabel="Save new password"
        done={
          <>
            <Alert tone="success">Your password has been changed. You are signed in.</Alert>
            <Link to="/home" className={layout.link}>
              Continue to Home
            </Link>
          </>
        }
      />
    </AuthLayout>
  );
}
