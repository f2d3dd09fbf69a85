import { memo, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { RichText, SafeLink, useFocusTrap } from '@folioforge/shared';
import type { TemplatePageProps } from '../types';
import { visibleSections, type Portfolio, type SocialLink } from '../model';
import { useAssetUrl } from '../common/assets';
import { ContactLines } from '../common/ContactLines';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLink, SectionLinks, type SectionTarget } from '../common/SectionLink';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../common/icons';
import { anchorOf, SectionList, sectionTargets, type SectionViewProps, type SectionViews } from '../common/sections/SectionList';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { readContactLink, type ContactLink } from './contactLink';
import styles from './EcommercePage.module.scss';

/** The first contact link of the first shown contact section: 'Call And Book Now' and the footer use it. */
function mainContact(sections: Portfolio['sections'], prefix: string): { link: ContactLink; label: string; anchorId: string | undefined } {
  const section = visibleSections({ sections }).find((candidate) => candidate.kind === 'contact');
  const first = section?.kind === 'contact' ? section.items[0] : undefined;
  return {
    link: readContactLink(first?.url),
    label: first?.label.trim() || 'Call And Book Now',
    anchorId: section ? anchorOf(prefix, section) : undefined,
  };
}

/**
 * Template 2's page: a small business's one-page site with a drawer menu on small screens. Parts are
 * memoised on what they show, so a key press in the editor redraws only those.
 */
export function EcommercePage({ portfolio }: TemplatePageProps) {
  const prefix = usePagePrefix();
  const { profile, socials, sections } = portfolio;
  const homeId = `${prefix}-home`;
  const contact = useMemo(() => mainContact(sections, prefix), [prefix, sections]);
  const targets = useMemo(() => [{ label: 'Home', targetId: homeId }, ...sectionTargets(sections, prefix)], [homeId, prefix, sections]);

  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <Navigation name={profile.name} targets={targets} contact={contact.link} contactLabel={contact.label} />
        <main>
          <Banner id={homeId} contactId={contact.anchorId} title={profile.headline} summary={profile.about} photo={profile.photo} />
          <SectionList sections={sections} prefix={prefix} views={VIEWS} />
        </main>
        <Footer
          name={profile.name}
          contact={contact.link}
          socials={socials}
          email={profile.email}
          phone={profile.phone}
          address={profile.address}
          website={profile.website}
          resume={profile.resume}
        />
      </div>
    </div>
  );
}

const Banner = memo(function Banner({
  id,
  contactId,
  title,
  summary,
  photo,
}: {
  id: string;
  contactId: string | undefined;
  title: string;
  summary: string;
  photo: string;
}) {
  const src = useAssetUrl(photo);
  return (
    <section id={id} className={styles.banner} aria-labelledby={`${id}-title`}>
      <div>
        <h1 id={`${id}-title`} className={styles.bannerTitle}>
          <RichText inline value={title} />
        </h1>
        <RichText className={styles.bannerSummary} value={summary} />
        {contactId ? (
          <SectionLink targetId={contactId} className={styles.primaryButton}>
            Order Now
          </SectionLink>
        ) : null}
      </div>
      {src ? <img className={styles.bannerImage} src={src} alt="" /> : null}
    </section>
  );
});

function About({ section, anchorId }: SectionViewProps<'text'>) {
  return (
    <section id={anchorId} className={styles.section} data-section-id={section.id} aria-labelledby={`${anchorId}-title`}>
      <h2 id={`${anchorId}-title`}>{section.title}</h2>
      <RichText className={styles.prose} value={section.body} />
    </section>
  );
}

function Offer({ section, anchorId }: SectionViewProps<'highlights'>) {
  return (
    <section
      id={anchorId}
      className={`${styles.section} ${styles.work}`}
      data-section-id={section.id}
      aria-labelledby={`${anchorId}-title`}
    >
      <h2 id={`${anchorId}-title`}>{section.title}</h2>
      <RichText className={styles.prose} value={section.body} />
      <ul className={styles.highlights}>
        {section.items.map((item) => (
          <Highlight key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

const Highlight = memo(function Highlight({ item }: { item: SectionViewProps<'highlights'>['section']['items'][number] }) {
  const src = useAssetUrl(item.image);
  return (
    <li className={styles.highlight} data-item-id={item.id}>
      {src ? <img src={src} alt="" /> : null}
      <h3>{item.title}</h3>
      <RichText className={styles.prose} value={item.description} />
    </li>
  );
});

function Contact({ section, anchorId }: SectionViewProps<'contact'>) {
  const email = section.items.map((item) => readContactLink(item.url)).find((link) => link.kind === 'email');
  return (
    <section
      id={anchorId}
      className={`${styles.section} ${styles.contact}`}
      data-section-id={section.id}
      aria-labelledby={`${anchorId}-title`}
    >
      <h2 id={`${anchorId}-title`}>{section.title}</h2>
      {section.body.trim() ? <RichText className={styles.prose} value={section.body} /> : null}
      <ul className={styles.contactLinks}>
        {section.items.map((item) => (
          <li key={item.id} data-item-id={item.id}>
            <SafeLink href={item.url} newTab={readContactLink(item.url).kind === 'web'} className={styles.contactLink}>
              {item.label.trim() || readContactLink(item.url).text}
            </SafeLink>
          </li>
        ))}
      </ul>
      <QuestionForm contactEmailHref={email?.kind === 'email' ? email.href : undefined} />
    </section>
  );
}

const VIEWS: SectionViews = { text: About, highlights: Offer, contact: Contact };

interface NavigationProps {
  name: string;
  targets: readonly SectionTarget[];
  contact: ContactLink;
  contactLabel: string;
}

/** The top bar, and on small screens its drawer menu. */
const Navigation = memo(function Navigation({ name, targets, contact, contactLabel }: NavigationProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = () => setDrawerOpen(false);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);
  const contactHref = contact.kind === 'none' ? undefined : contact.href;

  return (
    <>
      <header className={styles.topBar}>
        <p className={styles.brand}>{name}</p>
        <nav aria-label={`${name || 'Business'} sections`} className={styles.topNav}>
          <SectionLinks className={styles.topLinks} links={targets} />
        </nav>
        {contact.kind !== 'none' || contact.text ? (
          <SafeLink href={contactHref} newTab={contact.kind === 'web'} className={styles.callButton} textClassName={styles.callButtonText}>
            {contactLabel}
          </SafeLink>
        ) : null}
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
      </header>

      {drawerOpen ? (
        <>
          <div className={styles.backdrop} onClick={closeDrawer} aria-hidden="true" />
          <div ref={drawerRef} role="dialog" aria-modal="true" aria-label="Menu" className={styles.drawer} tabIndex={-1}>
            <button type="button" className={styles.closeButton} aria-label="Close menu" onClick={closeDrawer}>
              <CloseIcon />
            </button>
            <SectionLinks className={styles.drawerLinks} links={targets} onNavigate={closeDrawer} />
          </div>
        </>
      ) : null}
    </>
  );
});

interface FooterProps {
  name: string;
  contact: ContactLink;
  socials: readonly SocialLink[];
  email: string;
  phone: string;
  address: string;
  website: string;
  resume: string;
}

const Footer = memo(function Footer({ name, contact, socials, email, phone, address, website, resume }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.lines}>
        <p className={styles.footerName}>{name}</p>
        <ContactLines
          address={address}
          phone={phone}
          email={email}
          website={website}
          resume={{ value: resume, label: 'Our brochure (PDF)' }}
        />
      </div>
      <SocialLinks
        label={`${name || 'Business'} on social media`}
        listClassName={styles.socials}
        linkClassName={styles.socialLink}
        links={socials}
      />
      {contact.kind === 'phone' || contact.kind === 'email' || contact.kind === 'web' ? (
        <p className={styles.footerContact}>
          {contact.kind === 'phone' ? <PhoneIcon width={18} height={18} /> : <MailIcon width={18} height={18} />}
          <SafeLink href={contact.href} newTab={contact.kind === 'web'}>
            {contact.text}
          </SafeLink>
        </p>
      ) : contact.text ? (
        <p className={styles.footerContact}>{contact.text}</p>
      ) : null}
    </footer>
  );
});

/**
 * The contact block's form. It confirms in the page and, when the business gave an email, offers
 * a ready-made email with the question, since a static page has no server of its own to post to.
 */
const QuestionForm = memo(function QuestionForm({ contactEmailHref }: { contactEmailHref: string | undefined }) {
  const [email, setEmail] = useState('');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const id = useId();
  const formIds = { email: `${id}email`, question: `${id}question`, error: `${id}error` };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError('Enter your email address so we can reply, e.g. name@example.com');
      setSentTo(null);
      return;
    }
    setError('');
    setSentTo(email.trim());
  };

  const mailto =
    contactEmailHref && sentTo
      ? `${contactEmailHref.split('?')[0]}?subject=${encodeURIComponent('A question')}&body=${encodeURIComponent(`${question}\n\nPlease reply to ${sentTo}`)}`
      : undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={formIds.email} className={styles.formLabel}>
        Your email
      </label>
      <div className={styles.emailBox}>
        <MailIcon width={20} height={20} />
        <input
          id={formIds.email}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? formIds.error : undefined}
        />
      </div>
      <label htmlFor={formIds.question} className={styles.formLabel}>
        Your question (optional)
      </label>
      <textarea id={formIds.question} rows={3} value={question} onChange={(event) => setQuestion(event.target.value)} />
      {error ? (
        <p id={formIds.error} role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primaryButton}>
        Submit
      </button>
      {/* Always in the page, so screen readers announce the thanks when it appears. */}
      <p role="status" className={styles.formThanks}>
        {sentTo ? <>Thank you! We will reply to {sentTo}. </> : null}
        {mailto ? <SafeLink href={mailto}>Send your question by email now</SafeLink> : null}
      </p>
    </form>
  );
});
