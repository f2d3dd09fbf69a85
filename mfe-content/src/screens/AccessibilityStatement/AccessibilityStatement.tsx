import { Link } from 'react-router-dom';
import { DocumentPage, type DocumentSection } from '../../lib/DocumentPage';

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'standard',
    heading: 'The standard we work to',
    body: (
      <p>
        FolioForge aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA, for the site where you build your portfolio
        and for the pages you publish with it. We consider FolioForge <strong>partly conformant</strong>: most of it meets the standard, and
        the exceptions we know of are listed below.
      </p>
    ),
  },
  {
    id: 'what-works',
    heading: 'What you can expect',
    body: (
      <ul>
        <li>
          Every screen works with the keyboard alone. A &ldquo;Skip to content&rdquo; link is the first thing on each page, and focus is
          always visible.
        </li>
        <li>Each page has its own title and one main heading, so a screen reader tells you where you have arrived.</li>
        <li>
          Every form field has a visible label. When something is wrong, the reason is written next to the field, the field is marked
          invalid, and a screen reader announces the problem; what you typed is kept.
        </li>
        <li>Progress is announced: saving, sending, publishing and loading say what they are doing and when they are done.</li>
        <li>Text and controls meet the AA colour contrast ratios, and every page fits a phone&rsquo;s screen and text zoomed to 200%.</li>
        <li>
          Animations such as the carousel on the home page stop when your system asks for reduced motion, and nothing moves by itself.
        </li>
        <li>
          Published pages carry no scripts, use real headings and links, and give pictures a text alternative where the template knows one.
        </li>
      </ul>
    ),
  },
  {
    id: 'known-issues',
    heading: 'Known limitations',
    body: (
      <ul>
        <li>
          <strong>Pictures you upload</strong> are described on your published page from your name or the section they belong to; you cannot
          yet write your own description for each picture.
        </li>
        <li>
          <strong>Resumes you upload</strong> are shown as the PDF you gave us. Whether a screen reader can read it depends on how the PDF
          was made.
        </li>
        <li>
          <strong>The live preview</strong> beside the editor is a section of its own that repeats the whole page as you type, so a screen
          reader meets your content twice; use the section headings to skip past it.
        </li>
        <li>
          <strong>The payment window</strong> is provided by Razorpay. Its inside is Razorpay&rsquo;s work and may not meet every criterion;
          if it stops you, write to us and we will help you complete the purchase.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-check',
    heading: 'How we check',
    body: (
      <p>
        Every change to FolioForge runs automated accessibility checks (axe-core, WCAG 2.1 A and AA rules) against the public pages and the
        editor with each template, and component tests that look for labels, error announcements and keyboard operation. An automated check
        finds only part of the problems people meet, so your reports matter to us.
      </p>
    ),
  },
  {
    id: 'feedback',
    heading: 'Tell us what does not work',
    body: (
      <p>
        If something on FolioForge or on a page made with it is hard to use for you, <Link to="/contact-us">write to us</Link> and tell us
        the page and what happened. We reply within 5 working days and can send you the information you need in another form. You do not
        need an account to write to us.
      </p>
    ),
  },
];

/** Accessibility statement (/accessibility-statement): how accessible FolioForge is, what is known not to be, and how to tell us. */
export default function AccessibilityStatement() {
  return (
    <DocumentPage
      title="Accessibility Statement"
      updated="1 April 2026"
      summary={
        <p>
          FolioForge should work for everyone who wants a portfolio, whether they use a keyboard, a screen reader, magnification or voice
          control. This page says how far we have got and how to reach us when something gets in your way.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
