import { useState } from 'react';
import { dateFormatter, Alert, Button, getSupabase, mailtoHref } from '@folioforge/shared';
import type { PortfolioSummary } from './accountData';
import { usePageMessageActions, usePageMessages, type PageMessage } from './pageMessagesData';
import account from './Account.module.scss';
import styles from './PageMessagesSection.module.scss';

const timeFormat = dateFormatter('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function MessageItem({ message, pageName, userId }: { message: PageMessage; pageName: string; userId: string }) {
  const { markRead, remove } = usePageMessageActions(userId);
  const [problem, setProblem] = useState<string | null>(null);
  const unread = message.read_at === null;
  const headingId = `page-message-${message.id}`;
  const act = (action: typeof markRead, what: string) =>
    action.mutate(message.id, { onError: (error) => setProblem(`The message could not be ${what}: ${error.message}`) });
  const reply = mailtoHref(message.sender_email);
  return (
    <li className={`${styles.message} ${unread ? styles.unread : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.from}>
        {unread ? <span className={styles.badge}>New</span> : null}
        {message.sender_name}
      </h3>
      <p className={styles.meta}>
        {reply ? <a href={reply}>{message.sender_email}</a> : message.sender_email} · on {pageName} ·{' '}
        <time dateTime={message.created_at}>{timeFormat(message.created_at)}</time>
      </p>
      <p className={styles.text}>{message.message}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className={account.row}>
        {reply ? (
          <a className={styles.reply} href={`${reply}?subject=${encodeURIComponent(`Your message on ${pageName}`)}`}>
            Reply by email
          </a>
        ) : null}
        {unread ? (
          <Button variant="secondary" busy={markRead.isPending} onClick={() => act(markRead, 'marked read')}>
            Mark as read
          </Button>
        ) : null}
        <Button variant="ghost" busy={remove.isPending} onClick={() => act(remove, 'deleted')} aria-describedby={headingId}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /account's "Messages from your pages": what visitors wrote through a page's contact form. */
export function PageMessagesSection({ userId, portfolios }: { userId: string; portfolios: PortfolioSummary[] }) {
  const [messages, reload] = usePageMessages(userId);
  const pageName = (id: string) => {
    const page = portfolios.find((portfolio) => portfolio.id === id);
    return page?.title?.trim() || (page?.slug ? `/p/${page.slug}` : 'a page');
  };
  const loaded = messages.kind === 'loaded' ? messages.value : undefined;
  const unread = loaded ? loaded.messages.filter((message) => message.read_at === null).length : 0;
  return (
    <section className={account.section} aria-labelledby="account-section-messages" id="messages">
      <h2 id="account-section-messages">Messages from your pages{unread ? ` (${unread} new)` : ''}</h2>
      {messages.kind === 'loading' ? <p role="status">Loading your messages…</p> : null}
      {messages.kind === 'failed' ? (
        <Alert tone="error">
          Your messages could not be loaded: {messages.message}{' '}
          <Button variant="ghost" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {loaded?.needsSecondFactor ? (
        <Alert tone="info">
          Your messages are shown once you enter the code from your authenticator app.{' '}
          {/* A fresh session carries the user's factors: the app then asks for the code, and comes back here. */}
          <Button variant="secondary" onClick={() => void getSupabase().auth.refreshSession()}>
            Enter your code
          </Button>
        </Alert>
      ) : null}
      {loaded && !loaded.needsSecondFactor && loaded.messages.length === 0 ? (
        <p>
          No messages yet. When a visitor writes to you through a published page&apos;s contact form, it appears here and in your mailbox.
        </p>
      ) : null}
      {loaded && loaded.messages.length > 0 ? (
        <ul className={styles.list}>
          {loaded.messages.map((message) => (
            <MessageItem key={message.id} message={message} pageName={pageName(message.portfolio_id)} userId={userId} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
