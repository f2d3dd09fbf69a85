// The form a page's visitors write to its owner with (template 2's "Have Question In Mind?", a
// contact section): plain HTML that works with no script. It posts to the page-message function,
// which sends the visitor back to the page at #message-sent or #message-failed; the matching note
// below shows then (CSS :target) and is announced. A hidden trap field catches bots. In the
// editor's preview the form looks the same but is not sent: pressing its button says where it works.
// An exported copy (hosted elsewhere, which the function does not accept) leaves it out.
import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from 'react';
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

/** Where a published page's forms post (the renderer knows); 'off' for an export; none in a preview. */
export type PageMessageTarget = { action: string; portfolioId: string; slug: string } | 'off';

const PageMessagesContext = createContext<PageMessageTarget | undefined>(undefined);

export function PageMessagesProvider({ target, children }: { target: PageMessageTarget | undefined; children: ReactNode }) {
  return <PageMessagesContext.Provider value={target}>{children}</PageMessagesContext.Provider>;
}

/** The form's target on this page: its props, `{}` in a preview, or null where no form belongs (an export). */
export function usePageMessages(): Pick<PageMessageFormProps, 'action' | 'portfolioId' | 'slug'> | null {
  const target = useContext(PageMessagesContext);
  if (target === 'off') return null;
  return target ?? {};
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
  const [tried, setTried] = useState(false);
  const live = Boolean(action && portfolioId && slug);
  const field = (name: string) => `${id}-${name}`;
  const notSent = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
  };
  return (
    <form
      className={`${styles.form} ${className ?? ''}`.trim()}
      method="post"
      {...(live ? { action } : { onSubmit: notSent })}
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
      ) : null}
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
      <button className={styles.submit} type="submit">
        {submitLabel}
      </button>
      {tried ? (
        <p className={styles.hint} role="status">
          Not sent: visitors can send you a message with this form on your published page.
        </p>
      ) : null}
      <p id={PAGE_MESSAGE_NOTES.sent} className={`${styles.note} ${styles.sent}`} role="status">
        Thank you: your message was sent.
      </p>
      <p id={PAGE_MESSAGE_NOTES.failed} className={`${styles.note} ${styles.failed}`} role="alert">
        Your message could not be sent. Check your email address and message, and try again in a few minutes.
      </p>
    </form>
  );
}
