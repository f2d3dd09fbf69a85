import { useRef, useState, type FormEvent } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink } from '../safe/SafeLink';
import { SAMPLE_IMAGES } from '../assets';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLink } from '../common/SectionLink';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../common/icons';
import { useFocusTrap } from '../common/useFocusTrap';
import { useSectionIds } from '../common/useSectionIds';
import { readContactLink } from './contactLink';
import styles from './TemplateTwoPage.module.scss';

const SECTIONS = ['home', 'about', 'work', 'contact'] as const;

/** The template 2 page: a small business's one-page site with a drawer menu on small screens. */
export function TemplateTwoPage({ values }: TemplatePreviewProps) {
  const ids = useSectionIds(SECTIONS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = () => setDrawerOpen(false);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);

  const name = values.temp2name ?? '';
  const contact = readContactLink(values.temp2contactlink);
  const contactHref = contact.kind === 'none' ? undefined : contact.href;

  // The spec's drawer lists Testimonials and Cart, which have no section of their own: they lead
  // to what a visitor wants there (what the business offers, and ordering through the contact block).
  const drawerLinks = [
    { label: 'Home', target: ids.home },
    { label: 'About', target: ids.about },
    { label: 'Testimonials', target: ids.work },
    { label: 'Contact', target: ids.contact },
    { label: 'Cart', target: ids.contact },
  ];

  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <header className={styles.topBar}>
          <p className={styles.brand}>{name}</p>
          <nav aria-label={`${name || 'Business'} sections`} className={styles.topNav}>
            <ul className={styles.topLinks}>
              <li><SectionLink targetId={ids.home}>Home</SectionLink></li>
              <li><SectionLink targetId={ids.about}>About</SectionLink></li>
              <li><SectionLink targetId={ids.contact}>Contact</SectionLink></li>
              <li><SectionLink targetId={ids.work}>Work</SectionLink></li>
            </ul>
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
              <ul className={styles.drawerLinks}>
                {drawerLinks.map((link) => (
                  <li key={link.label}>
                    <SectionLink targetId={link.target} onNavigate={closeDrawer}>{link.label}</SectionLink>
                  </li>
                ))}
              </ul>
            </div>
          </>
        ) : null}

        <main>
          <section id={ids.home} className={styles.banner} aria-labelledby={`${ids.home}-title`}>
            <div>
              <h1 id={`${ids.home}-title`} className={styles.bannerTitle}>{values.temp2maindescription}</h1>
              <p className={styles.bannerSummary}>{values.temp2mainsummary}</p>
              <SectionLink targetId={ids.contact} className={styles.primaryButton}>Order Now</SectionLink>
            </div>
            <img className={styles.bannerImage} src={SAMPLE_IMAGES.bakeryBanner} alt="" />
          </section>

          <section id={ids.about} className={styles.section} aria-labelledby={`${ids.about}-title`}>
            <p className={styles.eyebrow}>About</p>
            <h2 id={`${ids.about}-title`}>{values.temp2aboutheader}</h2>
            <p className={styles.prose}>{values.temp2aboutdescription}</p>
          </section>

          <section id={ids.work} className={`${styles.section} ${styles.work}`} aria-labelledby={`${ids.work}-title`}>
            <p className={styles.eyebrow} id={`${ids.work}-title`}>What we offer</p>
            <h2>{values.temp2whatweofferhead}</h2>
            <p className={styles.prose}>{values.temp2whatweofferdescription}</p>
            <ul className={styles.highlights}>
              <li className={styles.highlight}>
                <img src={SAMPLE_IMAGES.bakeryBread} alt="" />
                <h3>{values.temp2highlightsheading1}</h3>
                <p className={styles.prose}>{values.temp2highlightscontent1}</p>
              </li>
              <li className={styles.highlight}>
                <img src={SAMPLE_IMAGES.bakeryCake} alt="" />
                <h3>{values.temp2highlightsheading2}</h3>
                <p className={styles.prose}>{values.temp2highlightscontent2}</p>
              </li>
            </ul>
          </section>

          <section id={ids.contact} className={`${styles.section} ${styles.contact}`} aria-labelledby={`${ids.contact}-title`}>
            <h2 id={`${ids.contact}-title`}>Have Question In Mind? Let Us Help You</h2>
            <QuestionForm businessName={name} contactEmailHref={contact.kind === 'email' ? contact.href : undefined} />
          </section>
        </main>

        <footer className={styles.footer}>
          <p className={styles.footerName}>{name}</p>
          <SocialLinks
            label={`${name || 'Business'} on social media`}
            listClassName={styles.socials}
            linkClassName={styles.socialLink}
            links={[
              { network: 'Twitter', href: values.temp2twitterlink },
              { network: 'LinkedIn', href: values.temp2linkedinlink },
              { network: 'Facebook', href: values.temp2facebooklink },
              { network: 'Instagram', href: values.temp2instagramlink },
            ]}
          />
          {contact.kind === 'phone' || contact.kind === 'email' || contact.kind === 'web' ? (
            <p className={styles.footerContact}>
              {contact.kind === 'phone' ? <PhoneIcon width={18} height={18} /> : <MailIcon width={18} height={18} />}
              <SafeLink href={contact.href} newTab={contact.kind === 'web'}>{contact.text}</SafeLink>
            </p>
          ) : contact.text ? (
            <p className={styles.footerContact}>{contact.text}</p>
          ) : null}
        </footer>
      </div>
    </div>
  );
}

interface QuestionFormProps {
  businessName: string;
  /** mailto: of the business, when its contact link is an email; the question is sent there. */
  contactEmailHref: string | undefined;
}

/**
 * The contact block's form. It confirms in the page and, when the business gave an email, offers
 * a ready-made email with the question, since a static page has no server of its own to post to.
 */
function QuestionForm({ businessName, contactEmailHref }: QuestionFormProps) {
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

  const mailto = contactEmailHref && sentTo
    ? `${contactEmailHref.split('?')[0]}?subject=${encodeURIComponent(`Question for ${businessName}`)}&body=${encodeURIComponent(`${question}\n\nPlease reply to ${sentTo}`)}`
    : undefined;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={formIds.email} className={styles.formLabel}>Your email</label>
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
      <label htmlFor={formIds.question} className={styles.formLabel}>Your question (optional)</label>
      <textarea id={formIds.question} rows={3} value={question} onChange={(event) => setQuestion(event.target.value)} />
      {error ? <p id={formIds.error} role="alert" className={styles.formError}>{error}</p> : null}
      <button type="submit" className={styles.primaryButton}>Submit</button>
      {/* Always in the page, so screen readers announce the thanks when it appears. */}
      <p role="status" className={styles.formThanks}>
        {sentTo ? <>Thank you! {businessName || 'We'} will reply to {sentTo}. </> : null}
        {mailto ? <SafeLink href={mailto}>Send your question by email now</SafeLink> : null}
      </p>
    </form>
  );
}
