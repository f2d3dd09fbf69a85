import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, FormAnnouncer, TextAreaField, TextField, useFieldErrors } from '@folioforge/shared';
import {
  ContactSendError,
  contactProblems,
  describeSendFailure,
  formatWait,
  sendContactMessage,
  type ContactField,
  type ContactMessage,
} from './sendContactMessage';
import styles from './ContactUs.module.scss';

type SendState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'sent' }
  | { phase: 'failed'; reason: string }
  /** Too many messages: the next may go at `until` (ms since the epoch), `seconds` from when it was said. */
  | { phase: 'waiting'; until: number; seconds: number };

const EMPTY_MESSAGE: ContactMessage = { message: '', user_name: '', user_email: '' };

/** Seconds left until `until`, ticking each second while there are any. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Contact Us (/contact-us): the visitor's message goes out through EmailJS. */
export default function ContactUs() {
  const [contact, setContact] = useState<ContactMessage>(EMPTY_MESSAGE);
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  const fields = useFieldErrors<ContactField>(() => contactProblems(contact));
  const secondsLeft = useSecondsLeft(state.phase === 'waiting' ? state.until : undefined);
  // Guards against a second submit (Enter in a field) while the first is on its way.
  const inFlight = useRef(false);
  const countdownRef = useRef<HTMLParagraphElement>(null);

  const sending = state.phase === 'sending';
  const waiting = state.phase === 'waiting' && secondsLeft > 0;

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.target.name as ContactField;
    setContact((current) => ({ ...current, [name]: event.target.value }));
    fields.changed(name);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (waiting) {
      // Pressing Send again during the wait: the time left is read out, nothing is sent.
      countdownRef.current?.focus();
      return;
    }
    if (!fields.checkBeforeSubmit()) return;
    inFlight.current = true;
    setState({ phase: 'sending' });
    try {
      await sendContactMessage(contact);
      // Only now is the message really on its way: thank the visitor and clear the form.
      setContact(EMPTY_MESSAGE);
      fields.reset();
      setState({ phase: 'sent' });
    } catch (error) {
      // Keep everything typed, so trying again is one click.
      if (error instanceof ContactSendError && error.status === 429 && error.retryAfterSeconds !== undefined) {
        setState({ phase: 'waiting', until: Date.now() + error.retryAfterSeconds * 1000, seconds: error.retryAfterSeconds });
      } else if (error instanceof ContactSendError && Object.keys(error.fieldErrors).length) {
        fields.showServerProblems(error.fieldErrors);
        setState({ phase: 'idle' });
      } else {
        setState({ phase: 'failed', reason: describeSendFailure(error) });
      }
    } finally {
      inFlight.current = false;
    }
  }

  const field = (name: ContactField) => ({
    name,
    value: contact[name],
    onChange: update,
    onBlur: (event: { target: { value: string }; relatedTarget: EventTarget | null }) => fields.touch(name, event),
    error: fields.errorOf(name),
    readOnly: sending,
  });

  return (
    <div className={styles.contact}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>Contact Us</h1>
        <p className={styles.lead}>Questions about templates, pricing or your portfolio? Send us a message and we will reply by email.</p>
        <ul className={styles.tips}>
          <li>Tell us which template or plan your question is about.</li>
          <li>For a problem, describe what you did and what you saw.</li>
          <li>Double-check your email address so our answer reaches you.</li>
        </ul>
      </div>

      {/* noValidate: our own checks say what is wrong beside each field, in words. */}
      <form ref={fields.formRef} className={styles.form} onSubmit={submit} noValidate>
        <h2 className={styles.formHeading}>Send a message</h2>
        <TextAreaField label="Message" rows={6} {...field('message')} />
        <TextField label="Name" autoComplete="name" hint="Optional." {...field('user_name')} />
        <TextField label="Email" type="email" autoComplete="email" hint="We reply to this address." {...field('user_email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={sending}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </div>
        {waiting ? (
          <p ref={countdownRef} tabIndex={-1} className={styles.countdown}>
            You can send it in <strong>{formatWait(secondsLeft)}</strong>.
          </p>
        ) : null}
        {state.phase === 'sent' ? <Alert tone="success">Thank you for your message</Alert> : null}
        {state.phase === 'waiting' ? (
          <Alert tone="info">
            {waiting
              ? `Your message was not sent yet: we take only a few messages at a time. You can send it in ${formatWait(state.seconds)}; your text is still here.`
              : 'You can send your message now.'}
          </Alert>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert tone="error">
            <strong>Your message was not sent.</strong> {state.reason} Your text is still here, so you can try again.
          </Alert>
        ) : null}
        <FormAnnouncer announcement={fields.announcement} />
      </form>
    </div>
  );
}
