import { memo, useMemo, useRef, useState, type FormEvent } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink, useFocusTrap } from '@folioforge/shared';
import { SAMPLE_IMAGES } from '../assets';
import { SocialLinks, type SocialLink } from '../common/SocialLinks';
import { SectionLink, SectionLinks } from '../common/SectionLink';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../common/icons';
import { useSectionIds } from '../common/useSectionIds';
import { readContactLink, type ContactLink } from './contactLink';
import styles from './EcommerceLayout.module.scss';
import { RichText } from '@folioforge/shared';

const SECTIONS = ['home', 'about', 'work', 'contact'] as const;

/**
 * The template 2 page: a small business's one-page site with a drawer menu on small screens.
 * Sections are memoised on the values they show, so a key press in the editor redraws only those.
 */
export function EcommerceLayout({ values }: TemplatePreviewProps) {
  const ids = useSectionIds(SECTIONS);
  const name = values.temp2name ?? '';
  const contactLink = values.temp2contactlink;
  const contact = useMemo(() => readContactLink(contactLink), [contactLink]);
  const { temp2twitterlink, temp2linkedinlink, temp2facebooklink, temp2instagramlink } = values;
  const socialLinks = useMemo<readonly SocialLink[]>(
    () => [
      { network: 'Twitter', href: temp2twitterlink },
      { network: 'LinkedIn', href: temp2linkedinlink },
      { network: 'Facebook', href: temp2facebooklink },
      { network: 'Instagram', href: temp2instagramlink },
    ],
    [temp2twitterlink, temp2linkedinlink, temp2facebooklink, temp2instagramlink],
  );

  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <Navigation name={name} ids={ids} contact={contact} />
        <main>
          <Banner id={ids.home} contactId={ids.contact} title={values.temp2maindescription} summary={values.temp2mainsummary} />
          <About id={ids.about} header={values.temp2aboutheader} description={values.temp2aboutdescription} />
          <Offer
            id={ids.work}
            head={values.temp2whatweofferhead}
            description={values.temp2whatweofferdescription}
            heading1={values.temp2highlightsheading1}
            content1={values.temp2highlightscontent1}
            heading2={values.temp2highlightsheading2}
            content2={values.temp2highlightscontent2}
          />
          <section id={ids.contact} className={`${styles.section} ${styles.contact}`} aria-labelledby={`${ids.contact}-title`}>
            <h2 id={`${ids.contact}-title`}>Have Question In Mind? Let Us Help You</h2>
            <QuestionForm businessName={name} contactEmailHref={contact.kind === 'email' ? contact.href : undefined} />
          </section>
        </main>

        <Footer name={name} contact={contact} socialLinks={socialLinks} />
      </div>
    </div>
  );
}

type TypedText = string | undefined;

const Banner = memo(function Banner({
  id,
  contactId,
  title,
  summary,
}: {
  id: string;
  contactId: string;
  title: TypedText;
  summary: TypedText;
}) {
  return (
    <section id={id} className={styles.banner} aria-labelledby={`${id}-title`}>
      <div>
        <h1 id={`${id}-title`} className={styles.bannerTitle}>
          <RichText inline value={title} />
        </h1>
        <RichText className={styles.bannerSummary} value={summary} />
        <SectionLink targetId={contactId} className={styles.primaryButton}>
          Order Now
        </SectionLink>
      </div>
      <img className={styles.bannerImage} src={SAMPLE_IMAGES.bakeryBanner} alt="" />
    </section>
  );
});

const About = memo(function About({ id, header, description }: { id: string; header: TypedText; description: TypedText }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <p className={styles.eyebrow}>About</p>
      <h2 id={`${id}-title`}>{header}</h2>
      <RichText className={styles.prose} value={description} />
    </section>
  );
});

interface OfferProps {
  id: string;
  head: TypedText;
  description: TypedText;
  heading1: TypedText;
  content1: TypedText;
  heading2: TypedText;
  content2: TypedText;
}

const Offer = memo(function Offer({ id, head, description, heading1, content1, heading2, content2 }: OfferProps) {
  return (
    <section id={id} className={`${styles.section} ${styles.work}`} aria-labelledby={`${id}-title`}>
      <p className={styles.eyebrow} id={`${id}-title`}>
        What we offer
      </p>
      <h2>{head}</h2>
      <RichText className={styles.prose} value={description} />
      <ul className={styles.highlights}>
        <li className={styles.highlight}>
          <img src={SAMPLE_IMAGES.bakeryBread} alt="" />
          <h3>{heading1}</h3>
          <RichText className={styles.prose} value={content1} />
        </li>
        <li className={styles.highlight}>
          <img src={SAMPLE_IMAGES.bakeryCake} alt="" />
          <h3>{heading2}</h3>
          <RichText className={styles.prose} value={content2} />
        </li>
      </ul>
    </section>
  );
});

interface NavigationProps {
  name: string;
  ids: Record<(typeof SECTIONS)[number], string>;
  contact: ContactLink;
}

/** The top bar, and on small screens its drawer menu. */
const Navigation = memo(function Navigation({ name, ids, contact }: NavigationProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = () => setDrawerOpen(false);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);
  const contactHref = contact.kind === 'none' ? undefined : contact.href;

  // The spec's drawer lists Testimonials and Cart, which have no section of their own: they lead
  // to what a visitor wants there (what the business offers, and ordering through the contact block).
  const drawerLinks = [
    { label: 'Home', targetId: ids.home },
    { label: 'About', targetId: ids.about },
    { label: 'Testimonials', targetId: ids.work },
    { label: 'Contact', targetId: ids.contact },
    { label: 'Cart', targetId: ids.contact },
  ];

  return (
    <>
      <header className={styles.topBar}>
        <p className={styles.brand}>{name}</p>
        <nav aria-label={`${name || 'Business'} sections`} className={styles.topNav}>
          <SectionLinks
            className={styles.topLinks}
            links={[
              { label: 'Home', targetId: ids.home },
              { label: 'About', targetId: ids.about },
              { label: 'Contact', targetId: ids.contact },
              { label: 'Work', targetId: ids.work },
            ]}
          />
        </nav>
        <SafeLink href={contactHref} newTab={contact.kind === 'web'} className={styles.callButton} textClassName={styles.callButtonText}>
          Call And Book Now
        </SafeLink>
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
            <SectionLinks className={styles.drawerLinks} links={drawerLinks} onNavigate={closeDrawer} />
          </div>
        </>
      ) : null}
    </>
  );
});

const Footer = memo(function Footer({
  name,
  contact,
  socialLinks,
}: {
  name: string;
  contact: ContactLink;
  socialLinks: readonly SocialLink[];
}) {
  return (
    <footer className={styles.footer}>
      <p className={styles.footerName}>{name}</p>
      <SocialLinks
        label={`${name || 'Business'} on social media`}
        listClassName={styles.socials}
        linkClassName={styles.socialLink}
        links={socialLinks}
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

interface QuestionFormProps {
  businessName: string;
  /** mailto: of the business, when its contact link is an email; the question is sent there. */
  contactEmailHref: string | undefined;
}

/**
 * The contact block's form. It confirms in the page and, when the business gave an email, offers
 * a ready-made email with the question, since a static page has no server of its own to post to.
 */
const QuestionForm = memo(function QuestionForm({ businessName, contactEmailHref }: QuestionFormProps) {
  const [email, setEmail] = useState('');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formIds = useSectionIds(['email', 'question', 'error'] as const);

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
      ? `${contactEmailHref.split('?')[0]}?subject=${encodeURIComponent(`Question for ${businessName}`)}&body=${encodeURIComponent(`${question}\n\nPlease reply to ${sentTo}`)}`
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
        {sentTo ? (
          <>
            Thank you! {businessName || 'We'} will reply to {sentTo}.{' '}
          </>
        ) : null}
        {mailto ? <SafeLink href={mailto}>Send your question by email now</SafeLink> : null}
      </p>
    </form>
  );
});
