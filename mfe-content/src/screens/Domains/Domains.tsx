import { Link } from 'react-router-dom';
import {
  FREE_DOMAIN_ENDINGS,
  FREE_DOMAIN_MAX_PRICE_USD,
  REGISTRAR_NAME,
  RENEWAL_GRACE_DAYS,
  RENEWAL_OPENS_DAYS_BEFORE,
} from '@folioforge/shared';
import { DocumentPage, type DocumentSection } from '../../lib/DocumentPage';

const ENDINGS = FREE_DOMAIN_ENDINGS.map((ending) => `.${ending}`).join(', ');

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'free-domain',
    heading: 'A free domain with every plan',
    body: (
      <>
        <p>
          Every plan (Basic, Pro and Premium) includes one free domain-year per account per plan year, plan years counting from the day your
          first plan started. On <Link to="/account">your account page</Link>, under &ldquo;Your domains&rdquo;:
        </p>
        <ol>
          <li>Type the name you would like, such as your own name.</li>
          <li>
            See which endings are free and what the name costs: we show the registrar&rsquo;s price for the first year and for each renewal,
            and mark the names your plan pays for.
          </li>
          <li>Choose the page it should show and register it.</li>
        </ol>
        <p>
          That is all: FolioForge registers the name at {REGISTRAR_NAME}, sets up its DNS records and connects it to your page. There is
          nothing to configure; new domains usually answer within a few minutes to a few hours, as the internet learns about them.
        </p>
      </>
    ),
  },
  {
    id: 'which-names',
    heading: 'Which names are free',
    body: (
      <ul>
        <li>Names ending in {ENDINGS}.</li>
        <li>
          Standard names whose first year and yearly renewal each cost at most ${FREE_DOMAIN_MAX_PRICE_USD}. &ldquo;Premium&rdquo; names
          that registries price higher are shown with their price but are not included.
        </li>
        <li>One name and one ending, such as janedoe.com; sub-domains such as blog.janedoe.com are not registered separately.</li>
      </ul>
    ),
  },
  {
    id: 'renewal',
    heading: 'Renewal and expiry',
    body: (
      <>
        <p>
          A free domain is registered for one year. Your account page shows when it expires. From {RENEWAL_OPENS_DAYS_BEFORE} days before
          that date until {RENEWAL_GRACE_DAYS} days after it, you can renew it for another year with the next plan year&rsquo;s free
          domain-year, as long as you hold a plan.
        </p>
        <p>
          If you do not renew it, it stops showing your page when it expires and the name may then go to someone else. Plans never renew a
          domain by themselves, so you are never charged for a domain you no longer want.
        </p>
      </>
    ),
  },
  {
    id: 'own-domain',
    heading: 'A domain you already own',
    body: (
      <>
        <p>
          Every plan can also show a page at a domain you bought elsewhere. On your account page, add the domain and choose the page; then,
          at your domain&rsquo;s DNS provider:
        </p>
        <ol>
          <li>create the TXT record the account page shows, which proves the domain is yours;</li>
          <li>point the domain at FolioForge with the CNAME record shown beside it;</li>
          <li>press &ldquo;Check now&rdquo;. Once the record is found, the domain shows your page.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'questions',
    heading: 'Questions',
    body: (
      <p>
        See the <Link to="/help-center">Help Center</Link> or <Link to="/contact-us">write to us</Link>. The{' '}
        <Link to="/terms-of-use#free-domain">Terms of Use</Link> say who holds the registration and how to move it to a registrar of your
        own.
      </p>
    ),
  },
];

/** Domains (/domains): the free domain every plan includes, and connecting a domain one already owns. */
export default function Domains() {
  return (
    <DocumentPage
      title="Domains"
      updated="1 April 2026"
      summary={
        <p>
          Give your portfolio an address of its own: register a free domain with your plan in a few clicks, or connect one you already own.{' '}
          <Link to="/pricing">See the plans</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
