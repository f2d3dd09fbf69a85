import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, TextField, loadSupabase } from '@folioforge/shared';
import { AuthLayout, BrandPanel } from '../../lib/AuthLayout';
import { MISSING_CREDENTIALS, PASSWORD_RULE, describeAuthError } from '../../lib/authErrors';
import { USERNAME_RULE, emailFormatHint, siteOrigin } from '../../lib/forms';
import { MailSentActions } from '../../lib/MailSentActions';
import { USERNAME_TAKEN, useUsernameAvailability } from '../../lib/useUsernameAvailability';
import { useFocusOnChange } from '../../lib/useFocusOnChange';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';

interface RegisterForm {
  name: string;
  username: string;
  password: string;
  email: string;
}

const EMPTY_FORM: RegisterForm = { name: '', username: '', password: '', email: '' };

/** Register: Name, Username, Password, Email; a confirmation mail follows. */
export default function Register() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>(EMPTY_FORM);
  const [touched, setTouched] = useState({ username: false, email: false });
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { availability, checkNow } = useUsernameAvailability(form.username);
  const successRef = useFocusOnChange<HTMLDivElement>(sentTo);

  const update = (field: keyof RegisterForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = form.email.trim();
    if (!email || !form.password) {
      setProblem({ message: MISSING_CREDENTIALS });
      return;
    }
    void submit(async () => {
      // Asked again right before sign-up: the database would otherwise start the profile without it.
      const username = form.username.trim();
      if (username) {
        const answer = await checkNow();
        if (answer === 'taken' || answer === 'invalid') {
          setTouched((current) => ({ ...current, username: true }));
          return {
            message: answer === 'taken' ? `${USERNAME_TAKEN}. Please choose another.` : `Usernames are ${USERNAME_RULE}.`,
            field: 'username',
          };
        }
      }
      const { data, error } = await (
        await loadSupabase()
      ).auth.signUp({
        email,
        password: form.password,
        options: {
          data: { name: form.name.trim(), username },
          emailRedirectTo: `${siteOrigin()}/auth/callback`,
        },
      });
      if (error) return describeAuthError(error);
      // With confirmations on, GoTrue answers a confirmed address with a look-alike user without
      // identities instead of an error, so addresses cannot be probed; the owner still deserves a hint.
      if (data.user && data.user.identities?.length === 0) {
        return { message: `${email} is already registered.`, code: 'user_already_exists', field: 'email' };
      }
      if (data.session) {
        // Auto-confirm (some deployments): already signed in.
        navigate('/home', { replace: true });
        return;
      }
      setSentTo(email);
    });
  }

  const aside = (
    <BrandPanel question="Have an account?">
      <Link to="/" className={layout.panelLink}>
        Login
      </Link>
    </BrandPanel>
  );

  if (sentTo) {
    return (
      <AuthLayout heading="Register" aside={aside}>
        <div ref={successRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="success">
            <strong>Check your email for verification link</strong>
            <p>We sent it to {sentTo}. Open it to confirm your address and sign in.</p>
          </Alert>
        </div>
        <MailSentActions onUseAnotherEmail={() => setSentTo(null)} loginPath="/" />
      </AuthLayout>
    );
  }

  const usernameError =
    availability === 'taken'
      ? USERNAME_TAKEN
      : availability === 'invalid' && touched.username
        ? `Usernames are ${USERNAME_RULE}.`
        : undefined;
  const usernameHint =
    availability === 'checking'
      ? 'Checking whether this username is free…'
      : availability === 'available'
        ? 'This username is free.'
        : USERNAME_RULE;

  return (
    <AuthLayout heading="Register" aside={aside}>
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error" id="register-problem">
            {problem.message}
            {problem.code === 'user_already_exists' ? (
              <>
                {' '}
                <Link to="/" className={layout.link}>
                  Log in
                </Link>{' '}
                or{' '}
                <Link to="/forgot-password" className={layout.link}>
                  reset your password
                </Link>
                .
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <form className={layout.form} onSubmit={handleSubmit} noValidate>
        <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={update('name')} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={form.username}
          onChange={update('username')}
          onBlur={() => {
            setTouched((current) => ({ ...current, username: true }));
            void checkNow();
          }}
          hint={usernameHint}
          error={usernameError ?? (problem?.field === 'username' ? problem.message : undefined)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          hint={PASSWORD_RULE}
          error={problem?.field === 'password' ? (problem.fieldMessage ?? problem.message) : undefined}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          onBlur={() => setTouched((current) => ({ ...current, email: true }))}
          hint={touched.email ? emailFormatHint(form.email) : undefined}
          error={problem?.field === 'email' ? (problem.fieldMessage ?? problem.message) : undefined}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={busy}>
            Register
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
