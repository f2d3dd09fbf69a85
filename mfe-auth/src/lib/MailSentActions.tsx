import { Link } from 'react-router-dom';
import { Button } from '@folioforge/shared';
import { localMailboxUrl } from './forms';
import layout from './AuthLayout.module.scss';

/** After a mail went out: where a developer finds it locally, another address, or back to login. */
export function MailSentActions({ onUseAnotherEmail, loginPath }: { onUseAnotherEmail: () => void; loginPath: string }) {
  const mailbox = localMailboxUrl();
  return (
    <>
      {mailbox ? (
        <p className={layout.note}>
          Working locally? Mails land in the local mailbox at{' '}
          <a href={mailbox} className={layout.link}>
            {mailbox}
          </a>
          .
        </p>
      ) : null}
      <div className={layout.actions}>
        <Button variant="secondary" onClick={onUseAnotherEmail}>
          Use a different email
        </Button>
        <Link to={loginPath} className={layout.link}>
          Back to Login
        </Link>
      </div>
    </>
  );
}
