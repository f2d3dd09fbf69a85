import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { Factor } from '@supabase/supabase-js';
import { dateFormatter, Alert, Button, TextField, getSupabase } from '@folioforge/shared';
import { describeAuthError } from '../../lib/authErrors';
import { OneTimeCodeField } from '../../lib/OneTimeCodeField';
import { normalizeTotpCode } from '../../lib/SecondFactorForm';
import { useAuthSubmit } from '../../lib/useAuthSubmit';
import { useFocusOnChange } from '../../lib/useFocusOnChange';
import styles from './TwoFactorSection.module.scss';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** `abandoned`: set-ups never confirmed with a first code (Auth lists them, and they hold their names). */
  | { kind: 'loaded'; factors: Factor[]; abandoned: Factor[]; codesLeft: number };

/** Enrolment in progress: the new factor's QR code and secret, until its first code confirms it. */
interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

const dateFormat = dateFormatter('en-IN', { dateStyle: 'medium' });
/** "ABCD EFGH …": a secret typed by hand is read in groups. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

async function loadFactors(): Promise<Loaded> {
  const client = getSupabase();
  const [factors, left] = await Promise.all([client.auth.mfa.listFactors(), client.rpc('mfa_recovery_codes_left')]);
  if (factors.error) return { kind: 'failed', message: describeAuthError(factors.error).message };
  if (left.error) return { kind: 'failed', message: left.error.message };
  return {
    kind: 'loaded',
    factors: factors.data.totp,
    abandoned: factors.data.all.filter((factor) => factor.factor_type === 'totp' && factor.status === 'unverified'),
    codesLeft: typeof left.data === 'number' ? left.data : 0,
  };
}

/** Recovery codes, shown once: the list, a file to keep, and a button to say they are saved. */
function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const headingRef = useFocusOnChange<HTMLHeadingElement>(codes.join());
  const file = `FolioForge recovery codes\nEach code works once, instead of your authenticator app.\n\n${codes.join('\n')}\n`;
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.codes}>
      <h3 ref={headingRef} tabIndex={-1}>
        Your recovery codes
      </h3>
      <p>
        Keep them somewhere safe, apart from your phone. Each works once, in place of a code from your app, if you lose it. They are shown
        only now: FolioForge keeps only a fingerprint of each.
      </p>
      <ol className={styles.codeList} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <a
          className={styles.download}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="folioforge-recovery-codes.txt"
        >
          Download as a text file
        </a>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(file).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onSaved}>I have saved my codes</Button>
      </div>
    </div>
  );
}

/** Removing a factor asks for a current code of it first, so a session left open is not enough. */
function RemoveFactor({ factor, onRemoved, onCancel }: { factor: Factor; onRemoved(): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const { busy, problem, problemRef, submit } = useAuthSubmit();
  function handleRemove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(async () => {
      const client = getSupabase();
      const checked = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: normalizeTotpCode(code) });
      if (checked.error) return describeAuthError(checked.error);
      const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) return describeAuthError(removed.error);
      // The session the factor raised is lowered: a refreshed token says so, and the user lists no factor.
      await client.auth.refreshSession();
      await client.rpc('discard_mfa_recovery_codes');
      onRemoved();
    });
  }
  return (
    <form onSubmit={handleRemove} noValidate aria-label={`Remove ${factor.friendly_name || 'authenticator'}`} className={styles.inline}>
      {problem ? (
        <div ref={problemRef} tabIndex={-1}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      <OneTimeCodeField
        id={`remove-${factor.id}`}
        label={`Code from ${factor.friendly_name || 'this authenticator'}`}
        value={code}
        onChange={setCode}
        invalid={problem?.field === 'code'}
      />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" busy={busy}>
          Remove
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </form>
  );
}

/**
 * Two-factor sign-in on /account: set it up with an authenticator app (QR code, or the secret typed by
 * hand, then a first code), see and remove authenticators, and one-time recovery codes for a lost phone.
 */
export function TwoFactorSection() {
  const location = useLocation();
  /** How the sign-in that led here went, when a recovery code stood in for the authenticator. */
  const recovered = (location.state as { twoFactorRecovered?: unknown } | null)?.twoFactorRecovered;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [firstCode, setFirstCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, setProblem, problemRef, submit } = useAuthSubmit();
  const enrolRef = useFocusOnChange<HTMLHeadingElement>(enrolment?.factorId ?? null);

  const reload = useCallback(() => {
    setLoaded({ kind: 'loading' });
    void loadFactors().then(setLoaded, (error: unknown) => setLoaded({ kind: 'failed', message: describeAuthError(error).message }));
  }, []);
  useEffect(reload, [reload]);

  const factors = loaded.kind === 'loaded' ? loaded.factors : [];

  function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const friendlyName = name.trim() || (factors.length ? `Authenticator app ${factors.length + 1}` : 'Authenticator app');
    setDone(null);
    const abandoned = loaded.kind === 'loaded' ? loaded.abandoned : [];
    void submit(async () => {
      const client = getSupabase();
      // A set-up left half-way (the tab closed before its first code) keeps its name for five minutes
      // in Auth; it can never be confirmed now (its key was shown once), so it goes first.
      for (const factor of abandoned) await client.auth.mfa.unenroll({ factorId: factor.id });
      const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'FolioForge' });
      if (error) return describeAuthError(error);
      setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
      setFirstCode('');
    });
  }

  function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    const code = normalizeTotpCode(firstCode);
    if (!/^\d{6}$/.test(code)) {
      setProblem({ message: 'Enter the 6-digit code your authenticator app shows for FolioForge.', field: 'code' });
      return;
    }
    const first = factors.length === 0;
    void submit(async () => {
      const client = getSupabase();
      const { error } = await client.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code });
      if (error) return describeAuthError(error);
      setEnrolment(null);
      setName('');
      // The first factor comes with recovery codes; later ones are recovery in themselves.
      if (first) {
        const made = await client.rpc('create_mfa_recovery_codes');
        if (made.error) return { message: `Two-factor sign-in is on, but recovery codes could not be made: ${made.error.message}` };
        setCodes(made.data as string[]);
      }
      setDone(first ? 'Two-factor sign-in is on. Save your recovery codes now.' : 'The authenticator is added.');
      reload();
    });
  }

  async function cancelEnrolment() {
    if (!enrolment) return;
    // An unverified factor may be removed at any level; left alone it would expire in five minutes.
    await getSupabase().auth.mfa.unenroll({ factorId: enrolment.factorId });
    setEnrolment(null);
    setProblem(null);
  }

  function handleNewCodes() {
    setDone(null);
    void submit(async () => {
      const made = await getSupabase().rpc('create_mfa_recovery_codes');
      if (made.error) return { message: made.error.message };
      setCodes(made.data as string[]);
      reload();
    });
  }

  if (loaded.kind === 'loading') return <p role="status">Loading your sign-in security…</p>;
  if (loaded.kind === 'failed') {
    return (
      <Alert tone="error">
        Your sign-in security could not be loaded: {loaded.message}{' '}
        <Button variant="ghost" onClick={reload}>
          Try again
        </Button>
      </Alert>
    );
  }

  if (codes) return <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />;

  return (
    <div className={styles.section}>
      {recovered === 'kept' ? (
        <Alert tone="info">
          You signed in with a recovery code. Two-factor sign-in stays on with your authenticator app; that code is now used up. We emailed
          you about it.
        </Alert>
      ) : null}
      {recovered === 'removed' ? (
        <Alert tone="info">
          You signed in with a recovery code and removed your lost authenticator, so two-factor sign-in is off. Set it up again with your
          new phone below. We emailed you about it.
        </Alert>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {problem ? (
        <div ref={problemRef} tabIndex={-1}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      ) : null}
      <p>
        {factors.length
          ? 'Two-factor sign-in is on: after your password, FolioForge asks for a code from your authenticator app.'
          : 'Two-factor sign-in is off. Turn it on so that a stolen password alone is not enough to get into your account.'}
      </p>

      {factors.length ? (
        <ul className={styles.factors} aria-label="Authenticators">
          {factors.map((factor) => (
            <li key={factor.id}>
              <strong>{factor.friendly_name || 'Authenticator app'}</strong>
              <span>Added {dateFormat(factor.created_at)}</span>
              {removing === factor.id ? (
                <RemoveFactor
                  factor={factor}
                  onCancel={() => setRemoving(null)}
                  onRemoved={() => {
                    setRemoving(null);
                    setDone(`${factor.friendly_name || 'The authenticator'} is removed.`);
                    reload();
                  }}
                />
              ) : (
                <Button variant="ghost" onClick={() => setRemoving(factor.id)}>
                  Remove {factor.friendly_name || 'authenticator'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {factors.length ? (
        <p>
          {loaded.codesLeft === 1 ? '1 recovery code left.' : `${loaded.codesLeft} recovery codes left.`}{' '}
          <Button variant="ghost" busy={busy && !enrolment} onClick={handleNewCodes}>
            Make new recovery codes
          </Button>
        </p>
      ) : null}

      {enrolment ? (
        <form onSubmit={handleConfirm} noValidate aria-labelledby="two-factor-enrol" className={styles.enrol}>
          <h3 id="two-factor-enrol" ref={enrolRef} tabIndex={-1}>
            Scan this QR code with your authenticator app
          </h3>
          <img
            src={enrolment.qrCode}
            alt="QR code to add FolioForge to your authenticator app"
            className={styles.qr}
            width={220}
            height={220}
          />
          <p>
            Cannot scan it? Enter this key in the app instead (time-based):{' '}
            <code className={styles.secret} aria-label={`Setup key ${enrolment.secret.split('').join(' ')}`}>
              {groupedSecret(enrolment.secret)}
            </code>
          </p>
          <OneTimeCodeField
            id="two-factor-first-code"
            label="Code from the app"
            value={firstCode}
            onChange={setFirstCode}
            hint="The 6 digits it shows for FolioForge, to check it is set up right."
            invalid={problem?.field === 'code'}
          />
          <div className={styles.row}>
            <Button type="submit" busy={busy}>
              Turn on
            </Button>
            <Button variant="ghost" onClick={() => void cancelEnrolment()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={handleStart} noValidate aria-label="Add an authenticator app" className={styles.inline}>
          <TextField
            id="two-factor-name"
            label="Name of this authenticator (optional)"
            name="authenticator-name"
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
            hint="Like “My phone”, to tell it apart later."
            error={problem?.field === 'name' ? problem.message : undefined}
          />
          <Button type="submit" busy={busy}>
            {factors.length ? 'Add another authenticator' : 'Set up two-factor sign-in'}
          </Button>
        </form>
      )}
    </div>
  );
}
