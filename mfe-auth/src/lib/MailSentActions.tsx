import { Link } from 'react-router-dom';
import { Button } from '@folioforge/shared';
import { LocalMailboxNote } from './LocalMailboxNote';
import layout from './AuthLayout.module.scss';

/** After a mail went out: where a developer finds it locally, another address, or back to login. */
export function MailSentActions({ onUseAnotherEmail, loginPath }: { onUseAnotherEmail: () => void; loginPath: string }) {
  return (
    <>
      <LocalMailboxNote />
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
