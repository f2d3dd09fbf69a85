// The form a page's visitors write to its owner with (template 2's "Have Question In Mind?", a
// contact section): plain HTML that works with no script. It posts to the page-message function,
// which sends the visitor back to the page at #message-sent or #message-failed; the matching note
// below shows then (CSS :target) and is announced. A hidden trap field catches bots. In the
// editor's preview and in an exported copy (hosted elsewhere, which the function does not accept)
// the form is shown but not sent, and says so.
import { useId } from 'react';
import { PAGE_MESSAGE_FIELDS, PAGE_MESSAGE_LIMITS, PAGE_MESSAGE_NOTES } from '@folioforge/shared';
import styles from './PageMessageForm.module.scss';

export interface PageMessageFormProps {
  /** The function's URL (`<SUPABASE_URL>/functions/v1/page-message`) on a published page; none in a preview or an export. */
  action?: string;
  portfolioId?: string;
  slug?: string;
  heading?: string;
  submitLabel?: string;
  /** Its own class for the template's look. */
  className?: string;
}

export function PageMessageForm({
  action,
  portfolioId,
  slug,
  heading = 'Send a message',
  submitLabel = 'Send message',
  className,
}: PageMessageFormProps) {
  const id = useId();
  const live = Boolean(action && portfolioId && slug);
  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      className={`${styles.form} ${className ?? ''}`.trim()}
      method="post"
      {...(live ? { action } : {})}
      aria-labelledby={field('heading')}
    >
      <h2 id={field('heading')} className={styles.heading}>
        {heading}
      </h2>
      {live ? (
        <>
          <input type="hidden" name={PAGE_MESSAGE_FIELDS.portfolio} value={portfolioId} />
          <input type="hidden" name={PAGE_MESSAGE_FIELDS.slug} value={slug} />
        </>
      ) : (
        <p className={styles.hint}>Visitors can send you a message with this form on your published page.</p>
      )}
      <label className={styles.label} htmlFor={field('name')}>
        Your name
      </label>
      <input
        className={styles.input}
        id={field('name')}
        name={PAGE_MESSAGE_FIELDS.name}
        autoComplete="name"
        required
        maxLength={PAGE_MESSAGE_LIMITS.name}
      />
      <label className={styles.label} htmlFor={field('email')}>
        Your email
      </label>
      <input
        className={styles.input}
        id={field('email')}
        name={PAGE_MESSAGE_FIELDS.email}
        type="email"
        autoComplete="email"
        required
        maxLength={PAGE_MESSAGE_LIMITS.email}
      />
      <label className={styles.label} htmlFor={field('message')}>
        Message
      </label>
      <textarea
        className={styles.input}
        id={field('message')}
        name={PAGE_MESSAGE_FIELDS.message}
        rows={5}
        required
        maxLength={PAGE_MESSAGE_LIMITS.message}
      />
      {/* Off screen and out of the tab order: people leave it empty, form-filling bots do not. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={field('trap')}>Leave this empty</label>
        <input id={field('trap')} name={PAGE_MESSAGE_FIELDS.trap} tabIndex={-1} autoComplete="off" />
      </div>
      <button className={styles.submit} type="submit" disabled={!live}>
        {submitLabel}
      </button>
      <p id={PAGE_MESSAGE_NOTES.sent} className={`${styles.note} ${styles.sent}`} role="status">
        Thank you: your message was sent.
      </p>
      <p id={PAGE_MESSAGE_NOTES.failed} className={`${styles.note} ${styles.failed}`} role="alert">
        Your message could not be sent. Check your email address and message, and try again in a few minutes.
      </p>
    </form>
  );
}
