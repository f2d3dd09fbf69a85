import { Link } from 'react-router-dom';
import { FREE_DOMAIN_MAX_PRICE_USD, REGISTRAR_NAME } from '@folioforge/shared';
import { DocumentPage, type DocumentSection } from '../../lib/DocumentPage';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'agreement',
    heading: 'Using FolioForge',
    body: (
      <p>
        These terms apply when you use FolioForge: the website, the editor, the pages you publish with it, and what you buy. By creating an
        account or publishing a page you agree to them. Our <Link to="/privacy-policy">Privacy Policy</Link> says what we do with your data.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <ul>
        <li>You must be at least 16 years old and give an email address that is yours.</li>
        <li>Keep your password to yourself. You are responsible for what is done with your account.</li>
        <li>
          You may delete your account at any time on <Link to="/account">your account page</Link>; everything in it is deleted with it.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    heading: 'Your content',
    body: (
      <>
        <p>
          What you write and upload stays yours. You give FolioForge only the permission it needs to store it, show it to you, and, when you
          publish, show it to anyone who visits the page. That permission ends when you delete the content or your account.
        </p>
        <p>
          You promise that you may publish what you upload (your own pictures, or ones you have the rights to) and that it breaks no law.
        </p>
      </>
    ),
  },
  {
    id: 'not-allowed',
    heading: 'What is not allowed',
    body: (
      <>
        <p>Do not use FolioForge to publish or send:</p>
        <ul>
          <li>anything illegal, hateful, or that harasses or threatens someone;</li>
          <li>pages that pretend to be someone else, or collect passwords or payment details (phishing);</li>
          <li>malware, spam, or content that infringes someone else&rsquo;s rights.</li>
        </ul>
        <p>
          Do not try to get into other people&rsquo;s accounts, overload the service, or get around its limits. We may take down a page or
          close an account that breaks these rules, and will tell you why unless the law forbids it. Report a page that breaks them through
          the <Link to="/contact-us">contact form</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'buying',
    heading: 'Plans and template purchases',
    body: (
      <>
        <p>
          What a plan and a template purchase include, and their prices, are shown on <Link to="/pricing">the pricing page</Link> and again
          in the checkout before you pay; the amount shown there is the amount charged. Payments are processed by Razorpay.
        </p>
        <ul>
          <li>
            A template purchase is paid once and lets you publish pages made with that template, with a small FolioForge badge, for as long
            as your account exists.
          </li>
          <li>
            A plan is paid monthly. What it includes lasts while the plan is paid; you can cancel it on your account page and keep it until
            the end of the month you paid for.
          </li>
          <li>Your receipts are on your account page.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'free-domain',
    heading: 'The free domain',
    body: (
      <>
        <p>
          Every plan includes one free domain-year per account per plan year: register one new domain, or renew the one you have, for a
          year. Plan years count from the day your first plan started (your first payment for it), one year at a time. It covers standard
          names whose yearly price is at most ${FREE_DOMAIN_MAX_PRICE_USD} (see <Link to="/domains">Domains</Link>
          ).
        </p>
        <ul>
          <li>
            The domain is registered at {REGISTRAR_NAME} in FolioForge&rsquo;s name, for you, and shows the page you choose. Ask us through
            the contact form if you want it transferred to a registrar account of your own.
          </li>
          <li>
            You can renew it from 30 days before it expires. If you do not renew it, or no longer hold a plan, it lapses on its expiry date.
          </li>
          <li>The name must not infringe anyone&rsquo;s trademark or rights.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and changes',
    body: (
      <p>
        We work to keep FolioForge running and your data safe, but we cannot promise it will never be interrupted. We may change or stop a
        feature; if that takes away something you paid for, we refund the part you could not use. We tell account holders by email before a
        change to these terms that matters to them.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        FolioForge is provided as it is. As far as the law allows, we are not liable for indirect losses such as lost profits, and our total
        liability to you is limited to what you paid us in the 12 months before the claim. Nothing in these terms limits rights the law
        gives you as a consumer.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. Please <Link to="/contact-us">write to us</Link> first; most problems are solved that
        way.
      </p>
    ),
  },
];

/** Terms of Use (/terms-of-use): the agreement between FolioForge and the people who use it. */
export default function TermsOfUse() {
  return (
    <DocumentPage
      title="Terms of Use"
      updated="1 April 2026"
      summary={
        <p>
          Your portfolio is yours; we host it and show it where you publish it. Pay only for what the pricing page shows, cancel when you
          like, and keep within the few rules below.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
