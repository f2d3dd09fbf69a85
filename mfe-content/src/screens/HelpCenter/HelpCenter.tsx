import { Link } from 'react-router-dom';
import { DocumentPage, type DocumentSection } from '../../lib/DocumentPage';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'getting-started',
    heading: 'Getting started',
    body: (
      <dl>
        <dt>How do I make my first portfolio?</dt>
        <dd>
          Open <Link to="/templates">Templates</Link>, pick one and press its button. The design screen opens with sample text beside a live
          preview; replace the text with your own. You can try everything before creating an account.
        </dd>
        <dt>I registered but the confirmation email did not arrive.</dt>
        <dd>
          Look in your spam folder first. On the <Link to="/login">login page</Link>, sign in with your address and choose &ldquo;send the
          link again&rdquo;; a new link can be sent once a minute.
        </dd>
        <dt>I forgot my password.</dt>
        <dd>
          Use <Link to="/forgot-password">Forgot password</Link>. We email a link to choose a new one.
        </dd>
      </dl>
    ),
  },
  {
    id: 'saving',
    heading: 'Saving your work',
    body: (
      <dl>
        <dt>Do I need to press Save?</dt>
        <dd>
          No. When you are signed in, every change is saved to your account about a second after you stop typing. Without an account, your
          draft is kept in this browser only.
        </dd>
        <dt>I edited the same portfolio in two tabs.</dt>
        <dd>
          FolioForge never overwrites a newer copy: the older tab asks whether to load the newer version or keep its own as a new portfolio.
        </dd>
        <dt>Where are all my portfolios?</dt>
        <dd>
          In <Link to="/portfolios">My portfolios</Link>, from the account menu. You can rename, copy or delete them there.
        </dd>
      </dl>
    ),
  },
  {
    id: 'publishing',
    heading: 'Publishing',
    body: (
      <dl>
        <dt>How do I put my portfolio online?</dt>
        <dd>
          Press Publish in the editor or in My portfolios and choose an address, such as jane-doe; your page is then online at /p/jane-doe
          on this site. The portfolio generator publishes for free; the other templates need the template or a plan.
        </dd>
        <dt>Can I use my own domain?</dt>
        <dd>
          Yes, with any plan: connect a domain you own, or register a free one. See <Link to="/domains">Domains</Link>.
        </dd>
        <dt>How do I take a page down?</dt>
        <dd>Choose Unpublish. The page disappears at once.</dd>
      </dl>
    ),
  },
  {
    id: 'payments',
    heading: 'Plans and payments',
    body: (
      <dl>
        <dt>What do I get with a plan or a template?</dt>
        <dd>
          The <Link to="/pricing">pricing page</Link> lists it, with the price you pay.
        </dd>
        <dt>Where are my receipts?</dt>
        <dd>
          On <Link to="/account">your account page</Link>, with each payment&rsquo;s date and amount.
        </dd>
      </dl>
    ),
  },
  {
    id: 'your-data',
    heading: 'Your data',
    body: (
      <dl>
        <dt>Can I get a copy of everything?</dt>
        <dd>
          Yes: &ldquo;Download my data&rdquo; on your account page gives you a zip of your portfolios with their files, orders, domains and
          sign-up lists.
        </dd>
        <dt>How do I delete my account?</dt>
        <dd>
          &ldquo;Delete my account&rdquo; on your account page. The <Link to="/privacy-policy#delete">Privacy Policy</Link> says exactly
          what is removed.
        </dd>
      </dl>
    ),
  },
  {
    id: 'contact',
    heading: 'Still stuck?',
    body: (
      <p>
        <Link to="/contact-us">Write to us</Link>. Tell us what you did and what you saw; we reply by email.
      </p>
    ),
  },
];

/** Help Center (/help-center): answers to the questions people ask most. */
export default function HelpCenter() {
  return (
    <DocumentPage
      title="Help Center"
      updated="1 April 2026"
      summary={<p>Answers to the questions people ask us most, from a first portfolio to deleting an account.</p>}
      sections={SECTIONS}
    />
  );
}
