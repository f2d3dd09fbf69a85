import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, TextAreaField, TextField } from '@folioforge/shared';
import { describeSendFailure, looksLikeEmail, sendContactMessage, type ContactMessage } from './sendContactMessage';
import styles from './ContactUs.module.scss';

type SendState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent' } | { phase: 'failed'; reason: string };

const EMPTY_MESSAGE: ContactMessage = { message: '', user_name: '', user_email: '' };
const EMAIL_HINT = 'We reply to this address.';
const EMAIL_FORMAT_WARNING = 'Check this address, e.g. name@example.com. You can still send.';

/** Contact Us (/contact-us): the visitor's message goes out through EmailJS. */
export default function ContactUs() {
  const [fields, setFields] = useState<ContactMessage>(EMPTY_MESSAGE);
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  const [emailTouched, setEmailTouched] = useState(false);
  // Guards against a second submit (Enter in a field) while the first is on its way.
  const inFlight = useRef(false);

  const sending = state.phase === 'sending';
  const showEmailHint = emailTouched && fields.user_email.trim() !== '' && !looksLikeEmail(fields.user_email);

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.target.name as keyof ContactMessage;
    setFields((current) => ({ ...current, [name]: event.target.value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ phase: 'sending' });
    try {
      await sendContactMessage(fields);
      // Only now is the message really on its way: thank the visitor and clear the form.
      setFields(EMPTY_MESSAGE);
      setEmailTouched(false);
      setState({ phase: 'sent' });
    } catch (error) {
      // Keep everything typed, so trying again is one click.
      setState({ phase: 'failed', reason: describeSendFailure(error) });
    } finally {
      inFlight.current = false;
    }
  }

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

      {/* noValidate: the browser's own checks would block sending; our hints only advise. */}
      <form className={styles.form} onSubmit={submit} noValidate>
        <h2 className={styles.formHeading}>Send a message</h2>
        <TextAreaField label="Message" name="message" rows={6} value={fields.message} onChange={update} readOnly={sending} />
        <TextField label="Name" name="user_name" autoComplete="name" value={fields.user_name} onChange={update} readOnly={sending} />
        <TextField
          label="Email"
          name="user_email"
          type="email"
          autoComplete="email"
          value={fields.user_email}
          onChange={update}
          onBlur={() => setEmailTouched(true)}
          readOnly={sending}
          // Always a hint, in a slot of fixed height: a warning that appeared on blur would push the
          // Send button away from under the pointer between mousedown and click.
          className={styles.emailField}
          hint={showEmailHint ? EMAIL_FORMAT_WARNING : EMAIL_HINT}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={sending}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </div>
        {state.phase === 'sent' ? <Alert tone="success">Thank you for your message</Alert> : null}
        {state.phase === 'failed' ? (
          <Alert tone="error">
            <strong>Your message was not sent.</strong> {state.reason} Your text is still here, so you can try again.
          </Alert>
        ) : null}
      </form>
    </div>
  );
}
