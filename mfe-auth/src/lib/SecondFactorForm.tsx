import { useEffect, useState, type FormEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import { Alert, Button, FunctionCallError, TextField, invokeFunction, loadSupabase, signOut } from '@folioforge/shared';
import { accountFunction } from '@folioforge/shared/functions';
import { describeAuthError, type AuthProblem } from './authErrors';
import { useAuthSubmit } from './useAuthSubmit';
import layout from './AuthLayout.module.scss';

/** Six digits, spaces allowed while typing (apps show "123 456"). */
export const normalizeTotpCode = (code: string) => code.replace(/\s+/g, '');

interface SecondFactorFormProps {
  /** The user whose sign-in waits for the code (the store's `secondFactor.user`). */
  user: User;
  /**
   * The sign-in is complete: the session is aal2 (`verified`), or a recovery code stood in for the
   * authenticator, which stays (`recovered-kept`) or was removed as lost (`recovered-removed`).
   */
  onDone(outcome: SecondFactorOutcome): void;
}

export type SecondFactorOutcome = 'verified' | 'recovered-kept' | 'recovered-removed';

const RECOVERY_ANSWERS: Record<string, AuthProblem> = {
  wrong: { message: 'That recovery code is not valid or was already used.', field: 'code' },
  locked: { message: 'Too many wrong recovery codes. Try again in 15 minutes.', field: 'code' },
};

/**
 * The second step of signing in (supabase-js may not be loaded yet: the app counts this visitor as
 * signed out, so nothing else asked for it): the code from the user's authenticator app (challenge and verify,
 * which raises the session to aal2 and fires MFA_CHALLENGE_VERIFIED), or one of their recovery codes.
 */
export function SecondFactorForm({ user, onDone }: SecondFactorFormProps) {
  const factors = (user.factors ?? []).filter((factor) => factor.status === 'verified' && factor.factor_type === 'totp');
  const [factorId, setFactorId] = useState(factors[0]?.id ?? '');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  /** Whether the user says the authenticator's device is lost: only then is the factor removed. */
  const [deviceLost, setDeviceLost] = useState(false);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const fieldId = useRecovery ? 'second-factor-recovery' : 'second-factor-code';
  // The step replaces the form the visitor just used: their next keystrokes belong in the code field.
  useEffect(() => document.getElementById(fieldId)?.focus(), [fieldId]);

  function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = normalizeTotpCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setProblem({ message: 'Enter the 6-digit code your authenticator app shows.', field: 'code' });
      return;
    }
    void submit(async () => {
      const { error } = await (await loadSupabase()).auth.mfa.challengeAndVerify({ factorId, code: typed });
      if (error) {
        setCode('');
        return describeAuthError(error);
      }
      onDone('verified');
    });
  }

  function handleRecovery(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setProblem({ message: 'Enter one of the recovery codes you saved.', field: 'code' });
      return;
    }
    void submit(async () => {
      const client = await loadSupabase();
      let result: string;
      try {
        // The account function redeems it, and mails the owner either way.
        ({ result } = await invokeFunction(
          accountFunction,
          { action: 'use-recovery-code', code: code.trim(), deviceLost },
          { refused: 'That recovery code could not be checked. Try again.' },
        ));
      } catch (error) {
        return { message: error instanceof FunctionCallError ? error.message : 'That recovery code could not be checked. Try again.' };
      }
      if (result !== 'factor_kept' && result !== 'factor_removed')
        return RECOVERY_ANSWERS[result] ?? { message: 'That recovery code did not work.' };
      // A refreshed session says the sign-in is complete (this session is marked, or the factors are gone).
      const refreshed = await client.auth.refreshSession();
      if (refreshed.error) return describeAuthError(refreshed.error);
      if (result === 'factor_removed') {
        // Whoever else holds a password session should not inherit an account without its second factor.
        await client.auth.signOut({ scope: 'others' });
        onDone('recovered-removed');
      } else onDone('recovered-kept');
    });
  }

  // The whole message in the alert (focused, so it is read out); the field is marked with a short line.
  const codeError = problem?.field === 'code' ? (useRecovery ? 'Check the recovery code.' : 'Check the code.') : undefined;
  return (
    <>
      <p className={layout.wrapAnywhere}>
        Two-factor sign-in is on for <strong>{user.email}</strong>.{' '}
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set it up. Each works once. We email you when one is used.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {problem ? (
        <div ref={problemRef} tabIndex={-1} className={layout.focusTarget}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      <form
        className={layout.form}
        onSubmit={useRecovery ? handleRecovery : handleVerify}
        noValidate
        aria-label={useRecovery ? 'Sign in with a recovery code' : 'Sign in with your authenticator'}
      >
        {!useRecovery && factors.length > 1 ? (
          <label className={layout.note}>
            Authenticator{' '}
            <select value={factorId} onChange={(event) => setFactorId(event.target.value)}>
              {factors.map((factor) => (
                <option key={factor.id} value={factor.id}>
                  {factor.friendly_name || 'Authenticator app'}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {useRecovery ? (
          <fieldset className={layout.choices}>
            <legend>Your authenticator app</legend>
            <label>
              <input type="radio" name="device-lost" checked={!deviceLost} onChange={() => setDeviceLost(false)} /> I still have it: keep
              two-factor sign-in on
            </label>
            <label>
              <input type="radio" name="device-lost" checked={deviceLost} onChange={() => setDeviceLost(true)} /> It is lost: remove it, so
              I can set up a new one
            </label>
          </fieldset>
        ) : null}
        <TextField
          key={useRecovery ? 'recovery' : 'totp'}
          id={fieldId}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          name={useRecovery ? 'recovery-code' : 'one-time-code'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint={useRecovery ? 'Like ABCDE-23456' : undefined}
          error={codeError}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={busy}>
            {useRecovery ? 'Use recovery code' : 'Verify'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setDeviceLost(false);
              setCode('');
              setProblem(null);
            }}
          >
            {useRecovery ? 'Use my authenticator app' : 'Use a recovery code instead'}
          </Button>
          <Button variant="ghost" onClick={() => void loadSupabase().then((client) => signOut(client))}>
            Cancel and sign out
          </Button>
        </div>
      </form>
    </>
  );
}
