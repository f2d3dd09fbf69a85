import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, FormAnnouncer, TextField, loadSupabase, useFieldErrors } from '@folioforge/shared';
import { AuthLayout, BrandPanel } from '../../lib/AuthLayout';
import { PASSWORD_RULE, describeAuthError } from '../../lib/authErrors';
import { USERNAME_RULE, siteOrigin } from '../../lib/forms';
import { MailSentActions } from '../../lib/MailSentActions';
import { signUpProblems, type SignUpValues } from '../../lib/signUpFields';
import { USERNAME_TAKEN, useUsernameAvailability } from '../../lib/useUsernameAvailability';
import { useFocusOnChange } from '../../lib/useFocusOnChange';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import layout from '../../lib/AuthLayout.module.scss';

type Field = keyof SignUpValues;

const EMPTY_FORM: SignUpValues = { name: '', username: '', password: '', email: '' };

/** Register: Name, Username, Password, Email; a confirmation mail follows. */
export default function Register() {
  const navigate = useNavigate();
  const [form, setForm] = useState<SignUpValues>(EMPTY_FORM);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { availability, checkNow } = useUsernameAvailability(form.username);
  const successRef = useFocusOnChange<HTMLDivElement>(sentTo);
  const fields = useFieldErrors<Field>(() => ({
    ...signUpProblems(form),
    ...(availability === 'taken' ? { username: `${USERNAME_TAKEN}. Please choose another.` } : {}),
  }));

  const inputProps = (field: Field) => ({
    name: field,
    value: form[field],
    error: fields.errorOf(field),
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [field]: event.target.value }));
      fields.changed(field);
    },
    onBlur: (event: { target: { value: string }; relatedTarget: EventTarget | null }) => fields.touch(field, event),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.checkBeforeSubmit()) return;
    const email = form.email.trim();
    void submit(async () => {
      // Asked again right before sign-up: the database would otherwise start the profile without it.
      const username = form.username.trim();
      if (username && (await checkNow()) === 'taken') {
        fields.showServerProblems({ username: `${USERNAME_TAKEN}. Please choose another.` });
        return;
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
      if (error) {
        const described = describeAuthError(error);
        if (!described.field) return described;
        // A problem with one field is said beside it, not in a banner that outlives the fix.
        fields.showServerProblems({ [described.field]: described.fieldMessage ?? described.message });
        return;
      }
      // With confirmations on, GoTrue answers a confirmed address with a look-alike user without
      // identities instead of an error, so addresses cannot be probed; the owner still deserves a hint.
      if (data.user && data.user.identities?.length === 0) {
        fields.showServerProblems({ email: 'This address is already registered.' });
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
        <MailSentActions
          onUseAnotherEmail={() => {
            setProblem(null);
            setSentTo(null);
          }}
          loginPath="/"
        />
      </AuthLayout>
    );
  }

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
      <form ref={fields.formRef} className={layout.form} onSubmit={handleSubmit} noValidate>
        <TextField label="Name" autoComplete="name" {...inputProps('name')} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...inputProps('username')}
          // Said while typing, as soon as the server knows; a send is refused by the check above.
          error={fields.errorOf('username') ?? (availability === 'taken' ? USERNAME_TAKEN : undefined)}
          onBlur={(event) => {
            fields.touch('username', event);
            void checkNow();
          }}
          hint={usernameHint}
        />
        <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE} {...inputProps('password')} />
        <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...inputProps('email')} />
        <div className={layout.actions}>
          <Button type="submit" busy={busy}>
            Register
          </Button>
        </div>
        <FormAnnouncer announcement={fields.announcement} />
      </form>
    </AuthLayout>
  );
}
