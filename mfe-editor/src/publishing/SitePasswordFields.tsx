import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { billingKeys, Button, SITE_ACCESS_HOURS, SITE_PASSWORD_LIMITS } from '@folioforge/shared';
import { fetchSitePassword, saveSitePassword, type SitePasswordState } from './publishApi';
import fieldStyles from '../editing/fields/FieldInput.module.scss';
import styles from './PublishPanel.module.scss';

/** The rule beside the field, checked here as the server checks it. */
function passwordProblem(password: string): string | null {
  if (password.length < SITE_PASSWORD_LIMITS.min) return `Use at least ${SITE_PASSWORD_LIMITS.min} characters.`;
  if (password.length > SITE_PASSWORD_LIMITS.max) return `Use at most ${SITE_PASSWORD_LIMITS.max} characters.`;
  return null;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The site's password (Pro and Premium): set, changed or removed through the publish function, which
 * keeps it hashed; nobody reads it back, not even its owner. Whether the site asks for it is the
 * portfolio's "Ask visitors for a password" (Page settings), applied when it is published.
 */
export function SitePasswordFields({ userId, portfolioId, published }: { userId: string; portfolioId: string; published: boolean }) {
  const queryClient = useQueryClient();
  // Under the entitlements key: a change of plan in any remote refreshes whether it is allowed.
  const queryKey = [...billingKeys.entitlements(userId), 'site-password', portfolioId];
  const state = useQuery({ queryKey, queryFn: () => fetchSitePassword(portfolioId) });
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<{ tone: 'done' | 'problem'; text: string } | undefined>(undefined);
  const [busy, setBusy] = useState<'save' | 'remove' | undefined>(undefined);
  const inputId = useId();
  const allowed = state.data?.allowed === true;
  const hasPassword = state.data?.hasPassword === true;

  const change = async (next: string | null) => {
    setBusy(next === null ? 'remove' : 'save');
    setNote(undefined);
    try {
      const saved: SitePasswordState = await saveSitePassword(portfolioId, next);
      queryClient.setQueryData(queryKey, saved);
      setPassword('');
      setNote({
        tone: 'done',
        text:
          next === null
            ? 'Password removed.'
            : published
              ? 'Password saved. If your site asks for a password, visitors need this one from now on.'
              : 'Password saved. Tick “Ask visitors for a password” in Page settings, then publish.',
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (next === null) setNote({ tone: 'problem', text });
      else setProblem(text);
    } finally {
      setBusy(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password);
    setProblem(found);
    if (found) document.getElementById(inputId)?.focus();
    else void change(password);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${inputId}-legend`}>
      <fieldset className={styles.look} disabled={!allowed || Boolean(busy)}>
        <legend id={`${inputId}-legend`} className={styles.label}>
          Password for your site
        </legend>
        {state.data && !allowed ? (
          <p className={styles.hint}>
            The Pro and Premium plans put your site behind a password. <Link to="/pricing">See the plans</Link>
          </p>
        ) : null}
        <p className={styles.hint}>
          {hasPassword && state.data?.setAt ? `A password is set (since ${dateOf(state.data.setAt)}). ` : 'No password is set. '}
          Nobody can read it back, not even you: to share it, keep it somewhere safe.
        </p>
        <label htmlFor={inputId} className={fieldStyles.label}>
          {hasPassword ? 'New password' : 'Password'}
        </label>
        <input
          id={inputId}
          className={fieldStyles.input}
          type="password"
          autoComplete="new-password"
          value={password}
          maxLength={SITE_PASSWORD_LIMITS.max}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error ${inputId}-hint` : `${inputId}-hint`}
          onChange={(event) => {
            setPassword(event.target.value);
            if (problem) setProblem(null);
          }}
        />
        <p id={`${inputId}-hint`} className={fieldStyles.hint}>
          At least {SITE_PASSWORD_LIMITS.min} characters. Visitors who type it stay let in for {SITE_ACCESS_HOURS} hours on their device.
        </p>
        {problem ? (
          <p id={`${inputId}-error`} role="alert" className={fieldStyles.error}>
            {problem}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <Button type="submit" busy={busy === 'save'}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
          {hasPassword ? (
            <Button variant="secondary" onClick={() => void change(null)} busy={busy === 'remove'}>
              Remove password
            </Button>
          ) : null}
        </div>
      </fieldset>
      <p role={note?.tone === 'problem' ? 'alert' : 'status'} className={note?.tone === 'problem' ? styles.error : styles.hint}>
        {note?.text ?? ''}
      </p>
    </form>
  );
}
