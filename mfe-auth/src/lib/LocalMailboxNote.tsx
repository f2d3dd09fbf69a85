import { localMailboxUrl } from './forms';
import layout from './AuthLayout.module.scss';

/** Where a developer finds the mail locally (local-cloud's mailbox); nothing against a hosted project. */
export function LocalMailboxNote() {
  const mailbox = localMailboxUrl();
  if (!mailbox) return null;
  return (
    <p className={layout.note}>
      Working locally? Mails land in the local mailbox at{' '}
      <a href={mailbox} className={layout.link}>
        {mailbox}
      </a>
      .
    </p>
  );
}
