import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import {
  accountDeletedState,
  Alert,
  Button,
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  FormAnnouncer,
  TextField,
  formatBytes,
  getSupabase,
  normaliseDeletionCode,
  saveDownload,
  signOut,
  useFieldErrors,
  FunctionCallError,
  type DeletionField,
} from '@folioforge/shared';
import { deleteMyAccount, deletionProblems, downloadMyData, sendDeletionCode } from './yourDataApi';
import account from './Account.module.scss';
import styles from './YourDataSection.module.scss';

type DownloadState =
  | { phase: 'idle' }
  | { phase: 'working'; bytes: number }
  | { phase: 'done'; fileName: string; bytes: number }
  | { phase: 'failed'; message: string };

/** /account's "Your data": a zip of everything, and deleting the account with everything in it. */
export function YourDataSection({ user }: { user: User }) {
  const [download, setDownload] = useState<DownloadState>({ phase: 'idle' });

  async function handleDownload() {
    setDownload({ phase: 'working', bytes: 0 });
    try {
      const { zip, fileName } = await downloadMyData((bytes) => setDownload({ phase: 'working', bytes }));
      saveDownload(zip, fileName);
      setDownload({ phase: 'done', fileName, bytes: zip.size });
    } catch (error) {
      setDownload({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section className={`${account.section} ${styles.yourData}`} aria-labelledby="account-section-your-data">
      <h2 id="account-section-your-data">Your data</h2>
      <p>
        A zip of every portfolio with its pictures and resumes, your orders, your plan and its charges, your domains and the people who
        signed up on your pages. The <Link to="/privacy-policy">Privacy Policy</Link> says what we keep and for how long.
      </p>
      <Button variant="secondary" busy={download.phase === 'working'} onClick={() => void handleDownload()}>
        Download my data
      </Button>
      <div role="status" className={styles.progress}>
        {download.phase === 'working'
          ? download.bytes
            ? `Preparing your download… ${formatBytes(download.bytes)} so far.`
            : 'Preparing your download…'
          : null}
        {download.phase === 'done' ? `Downloaded ${download.fileName} (${formatBytes(download.bytes)}).` : null}
      </div>
      {download.phase === 'failed' ? <Alert tone="error">{download.message}</Alert> : null}
      <DeleteAccount email={user.email ?? ''} />
    </section>
  );
}

type Method = 'password' | 'code';

function DeleteAccount({ email }: { email: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [values, setValues] = useState({ password: '', code: '' });
  const [codeState, setCodeState] = useState<{ phase: 'none' | 'sending' | 'sent' } | { phase: 'wait'; seconds: number; message: string }>({
    phase: 'none',
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const methodName = useId();
  const fields = useFieldErrors<DeletionField>(() =>
    method === 'password'
      ? { password: values.password ? undefined : 'Enter your password.' }
      : { code: DELETION_CODE_PATTERN.test(normaliseDeletionCode(values.code)) ? undefined : 'Enter the 6 digits from the email.' },
  );

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  async function handleSendCode() {
    setProblem(undefined);
    setCodeState({ phase: 'sending' });
    try {
      await sendDeletionCode();
      setCodeState({ phase: 'sent' });
    } catch (error) {
      if (error instanceof FunctionCallError && error.retryAfterSeconds !== undefined)
        setCodeState({ phase: 'wait', seconds: error.retryAfterSeconds, message: error.message });
      else {
        setCodeState({ phase: 'none' });
        setProblem(error instanceof Error ? error.message : String(error));
      }
    }
  }

  async function handleDelete(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (!fields.checkBeforeSubmit()) return;
    setBusy(true);
    try {
      const done = await deleteMyAccount(method === 'password' ? { password: values.password } : { code: values.code });
      // The account is gone: end this browser's session too, and say so on the page they land on
      // (its own confirmation, from the navigation's state).
      await signOut(getSupabase(), 'local').catch(() => undefined);
      navigate('/home', { replace: true, state: accountDeletedState(done.mailedTo) });
    } catch (error) {
      setBusy(false);
      const problems = error instanceof FunctionCallError ? deletionProblems(error) : {};
      if (Object.keys(problems).length) fields.showServerProblems(problems);
      else setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  if (!open) {
    return (
      <div className={styles.deleteStart}>
        <h3>Delete my account</h3>
        <p>Removes your account and everything in it, for good. Download your data first if you want to keep it.</p>
        <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      </div>
    );
  }

  const choose = (next: Method) => {
    setMethod(next);
    setProblem(undefined);
  };

  return (
    <form
      ref={fields.formRef}
      className={styles.deletePanel}
      onSubmit={(event) => void handleDelete(event)}
      noValidate
      aria-labelledby={headingId}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        Delete my account
      </h3>
      <p>Deleting {email} at once:</p>
      <ul>
        <li>cancels your plan, so you are not charged again;</li>
        <li>takes your published pages offline and disconnects your domains;</li>
        <li>deletes your portfolios, pictures and resumes, orders and receipts, and the lists of people who signed up on your pages;</li>
        <li>ends your sessions everywhere and deletes your account.</li>
      </ul>
      <p>It cannot be undone. A free domain registered for you is not renewed and lapses on its expiry date.</p>
      <fieldset className={styles.methods}>
        <legend>Confirm it is you</legend>
        <label>
          <input type="radio" name={methodName} checked={method === 'password'} onChange={() => choose('password')} /> With my password
        </label>
        <label>
          <input type="radio" name={methodName} checked={method === 'code'} onChange={() => choose('code')} /> With a code sent to {email}
        </label>
      </fieldset>
      {method === 'password' ? (
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => {
            setValues((current) => ({ ...current, password: event.target.value }));
            fields.changed('password');
          }}
          onBlur={(event) => fields.touch('password', event)}
          error={fields.errorOf('password')}
        />
      ) : (
        <div className={styles.code}>
          <Button variant="secondary" busy={codeState.phase === 'sending'} onClick={() => void handleSendCode()}>
            {codeState.phase === 'sent' || codeState.phase === 'wait' ? 'Send a new code' : 'Email me a code'}
          </Button>
          <div role="status">
            {codeState.phase === 'sent' ? (
              <p>
                We sent a code to {email}. It works for {DELETION_CODE_MINUTES} minutes.
              </p>
            ) : null}
            {codeState.phase === 'wait' ? <p>{codeState.message}</p> : null}
          </div>
          <TextField
            label="Code from the email"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.code}
            onChange={(event) => {
              setValues((current) => ({ ...current, code: event.target.value }));
              fields.changed('code');
            }}
            onBlur={(event) => fields.touch('code', event)}
            error={fields.errorOf('code')}
          />
        </div>
      )}
      {busy ? <p role="status">Deleting your account…</p> : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} className={styles.danger}>
          Delete my account for good
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setOpen(false)}>
          Keep my account
        </Button>
      </div>
      <FormAnnouncer announcement={fields.announcement} />
    </form>
  );
}
