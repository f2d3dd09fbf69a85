import { Link } from 'react-router-dom';
import { REGISTRAR_NAME } from '@folioforge/shared';
import { DocumentPage, type DocumentSection } from '../../lib/DocumentPage';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who is responsible',
    body: (
      <p>
        FolioForge decides what happens to the data described here and answers for it. Write to us through the{' '}
        <Link to="/contact-us">contact form</Link> with any question about your data; we answer within 30 days, usually much sooner.
      </p>
    ),
  },
  {
    id: 'what-we-store',
    heading: 'What we store, where, and for how long',
    body: (
      <>
        <p>
          Everything below is kept by Supabase, our hosting provider, in its South Asia (Mumbai, India) region, unless another place is
          named. Nothing is sold or shared for advertising.
        </p>
        <dl>
          <dt>Your account</dt>
          <dd>
            Your email address, name, username and password. The password is stored only as a bcrypt hash, which cannot be turned back into
            the password. Kept until you delete your account.
          </dd>
          <dt>Sign-in sessions</dt>
          <dd>
            A session token on each device where you are signed in. The short-lived part expires after one hour; the rest lasts until you
            sign out (on <Link to="/account">your account page</Link> you can sign out everywhere at once) or delete your account.
          </dd>
          <dt>Your portfolios and files</dt>
          <dd>
            What you type into the editor, and the pictures and resumes you upload. Files are kept in private storage folders that only you
            can read; the editor shows them through links that stop working after a short time. Kept until you delete the portfolio or your
            account.
          </dd>
          <dt>Published pages</dt>
          <dd>
            When you publish, a copy of the page and its files is put in public storage so that anyone with the address can see it. It is
            removed at once when you unpublish or delete your account; caches may show the old copy for up to one minute.
          </dd>
          <dt>People who sign up on your page</dt>
          <dd>
            With a plan, your published page can carry a sign-up form. The email address and name a visitor leaves there are stored for you
            and only you can read them. They are deleted with the page&rsquo;s portfolio or your account. You decide what you send to these
            people and must have their consent to do so.
          </dd>
          <dt>Orders and payments</dt>
          <dd>
            For each purchase we keep what was bought, the amount and currency, its status and dates, and the order and payment numbers from
            Razorpay. We never see or store your card number or UPI details: you type them into Razorpay&rsquo;s own checkout. Kept until
            you delete your account.
          </dd>
          <dt>Domains</dt>
          <dd>
            The custom domains you connect, and the domains you register with your plan&rsquo;s free domain: the name, its page, and its
            registration and expiry dates. Free domains are registered at {REGISTRAR_NAME} in FolioForge&rsquo;s name with WHOIS privacy, so
            your personal details are not published in the domain registry.
          </dd>
          <dt>Messages you send us</dt>
          <dd>
            The contact form sends your message, name and email address to our support mailbox through EmailJS; our database does not keep
            them. We keep the conversation in the mailbox for up to 12 months after the last reply. If you are signed in, the message also
            says which plan you hold, so that Premium messages are answered first.
          </dd>
          <dt>Technical logs</dt>
          <dd>
            Our servers note each request (the time, the address asked for, your IP address and browser) to keep the service running and
            stop abuse. These logs are deleted after 7 days.
          </dd>
          <dt>Backups</dt>
          <dd>
            The database is backed up once a day and each backup is kept for 7 days. Data you delete is therefore gone from the live service
            at once and from every backup within 7 days.
          </dd>
          <dt>On your device</dt>
          <dd>
            Your browser keeps your sign-in session and, while you edit, a copy of your drafts (in local storage and IndexedDB) so that
            nothing is lost if the connection drops. Drafts made without an account never leave your device. Clearing your browser&rsquo;s
            site data removes them. We set no advertising or tracking cookies and use no analytics.
          </dd>
        </dl>
      </>
    ),
  },
  {
    id: 'who-processes',
    heading: 'Who processes your data for us',
    body: (
      <>
        <p>These companies handle data on our behalf, only for the purpose named, under their own privacy commitments:</p>
        <ul>
          <li>
            <strong>Supabase</strong> hosts the database, sign-in, file storage and the server functions (Mumbai, India).
          </li>
          <li>
            <strong>Razorpay</strong> processes payments. Card and UPI details go straight to Razorpay, which keeps payment records for as
            long as Indian law requires.
          </li>
          <li>
            <strong>EmailJS</strong> delivers the contact form&rsquo;s messages to us, and the emails about your account (the code that
            confirms a deletion, and the note that it is done).
          </li>
          <li>
            <strong>Our email provider</strong>, through Supabase Auth, sends the sign-up confirmation and password reset emails.
          </li>
          <li>
            <strong>{REGISTRAR_NAME}</strong> registers and renews free domains. It receives the domain name only, not your personal
            details.
          </li>
          <li>
            <strong>Our content delivery network</strong> serves the site and published pages and keeps the technical logs described above.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'why',
    heading: 'Why we use your data',
    body: (
      <ul>
        <li>
          To provide the service you signed up for: your account, your portfolios, publishing, and what you bought (our contract with you).
        </li>
        <li>To take payments and keep records of them (our contract with you, and the law on accounts and taxes).</li>
        <li>To answer your messages (your request).</li>
        <li>To keep the service secure and working, for example limiting how often a form can be sent (our legitimate interest).</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <p>You can, at any time:</p>
        <ul>
          <li>
            <strong>See and take your data:</strong> &ldquo;Download my data&rdquo; on <Link to="/account">your account page</Link> gives
            you a zip of every portfolio and its files, your orders, your domains and the people who signed up on your pages.
          </li>
          <li>
            <strong>Correct it:</strong> change your name and username on your account page, and your portfolios in the editor.
          </li>
          <li>
            <strong>Delete it:</strong> see below.
          </li>
          <li>
            <strong>Object or complain:</strong> <Link to="/contact-us">write to us</Link>, or to the data protection authority where you
            live.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'delete',
    heading: 'How to delete your data',
    body: (
      <>
        <p>
          On <Link to="/account">your account page</Link>, choose &ldquo;Delete my account&rdquo; and confirm it with your password or with
          a code we email you. We then, at once:
        </p>
        <ul>
          <li>take down your published pages and disconnect your domains;</li>
          <li>delete your portfolios, pictures, resumes, orders, domain records and sign-up lists;</li>
          <li>delete your account and end every session;</li>
          <li>email you that it is done.</li>
        </ul>
        <p>
          A free domain registered for you stays registered until its expiry date and is then left to lapse; it no longer shows your page.
          Razorpay keeps its own payment records as the law requires. To delete a single portfolio, use My portfolios instead.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: <p>FolioForge is not meant for children under 16, and we do not knowingly keep their data.</p>,
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>When this policy changes, the date at the top changes too. We email account holders before any change that matters to them.</p>
    ),
  },
];

/** Privacy Policy (/privacy-policy): what FolioForge stores, where and how long, who processes it, and how to delete it. */
export default function PrivacyPolicy() {
  return (
    <DocumentPage
      title="Privacy Policy"
      updated="1 April 2026"
      summary={
        <p>
          We keep what you need to build and publish your portfolio, and nothing for advertising. You can download all of it, or delete your
          account and everything in it, from your account page.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
