// The newsletter box of a published page whose owner's plan takes sign-ups: a form that posts to the
// subscribe function without script, which sends the visitor back to one of its notes (#<id>, shown
// by CSS :target). Each template draws it inside its page, above its footer, in its own colours; the
// renderer says where it posts (none in a preview or an export: then there is no box).
import { createContext, useContext, type ReactNode } from 'react';
import { SIGN_UP_NOTES } from '@folioforge/shared';
import styles from './SignUpForm.module.scss';

/** Where the form posts and which page it names. */
export interface SignUpTarget {
  action: string;
  portfolioId: string;
  slug: string;
}

const SignUpContext = createContext<SignUpTarget | undefined>(undefined);

export function PageSignUpProvider({ target, children }: { target: SignUpTarget | undefined; children: ReactNode }) {
  return <SignUpContext.Provider value={target}>{children}</SignUpContext.Provider>;
}

/** What the page says when the subscribe function sends a visitor back to it. */
const NOTES: readonly [id: string, text: string][] = [
  [SIGN_UP_NOTES.pending, 'Almost done: we sent you an email. Open the link in it to confirm your address.'],
  [SIGN_UP_NOTES.confirmed, 'Thank you! Your address is confirmed: you are on the list.'],
  [SIGN_UP_NOTES.failed, 'That did not work. Check the email address and try again.'],
  [SIGN_UP_NOTES.expired, 'That link has expired or was used already. Sign up again below.'],
  ['subscribe-busy', 'Too many sign-ups just now. Please try again in a while.'],
];

/** The box, where the page takes sign-ups; nothing elsewhere. */
export function SignUpBox() {
  const target = useContext(SignUpContext);
  if (!target) return null;
  return (
    <aside className={`ff-subscribe ${styles.box}`} aria-labelledby="ff-subscribe-title">
      <h2 id="ff-subscribe-title" className={styles.title}>
        Stay in touch
      </h2>
      {NOTES.map(([id, text]) => (
        <p key={id} id={id} className={styles.note} tabIndex={-1}>
          {text}
        </p>
      ))}
      <form className={styles.form} method="post" action={target.action}>
        <input type="hidden" name="portfolio" value={target.portfolioId} />
        <input type="hidden" name="slug" value={target.slug} />
        <label className={styles.label}>
          Email
          <input className={styles.input} type="email" name="email" required maxLength={254} autoComplete="email" />
        </label>
        <label className={styles.label}>
          Name (optional)
          <input className={styles.input} type="text" name="name" maxLength={120} autoComplete="name" />
        </label>
        <button className={styles.submit} type="submit">
          Sign up
        </button>
      </form>
    </aside>
  );
}
