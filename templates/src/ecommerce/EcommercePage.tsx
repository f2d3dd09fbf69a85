import { memo, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { RichText, SafeLink, useFocusTrap } from '@folioforge/shared';
import type { TemplatePageProps } from '../types';
import { visibleSections, type Portfolio, type SocialLink } from '../model';
import { PageImage } from '../common/PageImage';
import { ContactLines } from '../common/ContactLines';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLink, SectionLinks, type SectionTarget } from '../common/SectionLink';
import { CloseIcon, MailIcon, MenuIcon, PhoneIcon } from '../common/icons';
import { anchorOf, SectionList, sectionTargets, type SectionViewProps, type SectionViews } from '../common/sections/SectionList';
import { useHoldsMessageForm } from '../common/sections/shownItems';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { PageMessageForm, usePageMessages } from '../forms/PageMessageForm';
import { isOrderable, orderFormIdOf, usePageOrders } from '../forms/OrderForm';
import { readContactLink, type ContactLink } from './contactLink';
import { SignUpBox } from '../forms/SignUpForm';
import styles from './EcommercePage.module.scss';
import { SiteNavigation } from '../common/SiteNavigation';

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
 * Where the page's shop is when it sells here: "Order Now" leads to its first products, the drawer's
 * "Cart" to its order form (a script on the page opens its cart instead). Undefined otherwise.
 */
function useShopTargets(sections: Portfolio['sections'], prefix: string): { productsId: string; cartId: string } | undefined {
  const mode = usePageOrders();
  const selling = mode.kind === 'live' || mode.kind === 'preview';
  return useMemo(() => {
    const shown = visibleSections({ sections });
    const products = shown.find((section) => section.kind === 'products' && section.items.some(isOrderable));
    if (!selling || !products) return undefined;
    return { productsId: anchorOf(prefix, products), cartId: orderFormIdOf(prefix) };
  }, [prefix, sections, selling]);
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
  const shop = useShopTargets(sections, prefix);

  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <SiteNavigation name={profile.name} />
        <Navigation name={profile.name} targets={targets} contact={contact.link} contactLabel={contact.label} cartId={shop?.cartId} />
        <main>
          <Banner
            id={homeId}
            contactId={shop?.productsId ?? contact.anchorId}
            title={profile.headline}
            summary={profile.about}
            photo={profile.photo}
          />
          <SectionList sections={sections} prefix={prefix} views={VIEWS} />
          <SignUpBox />
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
      <PageImage className={styles.bannerImage} value={photo} alt="" priority />
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
  return (
    <li className={styles.highlight} data-item-id={item.id}>
      <PageImage value={item.image} alt="" sizes="(min-width: 48rem) 33vw, 100vw" />
      <h3>{item.title}</h3>
      <RichText className={styles.prose} value={item.description} />
    </li>
  );
});

function Contact({ section, anchorId }: SectionViewProps<'contact'>) {
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
      {useHoldsMessageForm(section.id) ? <QuestionForm /> : null}
    </section>
  );
}

const VIEWS: SectionViews = { text: About, highlights: Offer, contact: Contact };

interface NavigationProps {
  name: string;
  targets: readonly SectionTarget[];
  contact: ContactLink;
  contactLabel: string;
  /** The page's order form, when the page sells: the drawer's "Cart". */
  cartId: string | undefined;
}

/**
 * The top bar, and on small screens its drawer menu. The drawer opens without script: "Open menu" is
 * a link to it, shown while it is the page's `:target`; its links, "Close menu" and the backdrop lead
 * elsewhere, so it closes. In the editor's preview the same links open and close it by state (with
 * a focus trap), keeping the host's URL.
 */
const Navigation = memo(function Navigation({ name, targets, contact, contactLabel, cartId }: NavigationProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = () => setDrawerOpen(false);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);
  const contactHref = contact.kind === 'none' ? undefined : contact.href;
  const drawerId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-menu`;
  const barId = `${drawerId}-bar`;
  const byState = (act: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    act();
  };

  return (
    <>
      <header id={barId} className={styles.topBar}>
        <p className={styles.brand}>{name}</p>
        <nav aria-label={`${name || 'Business'} sections`} className={styles.topNav}>
          <SectionLinks className={styles.topLinks} links={targets} />
        </nav>
        {contact.kind !== 'none' || contact.text ? (
          <SafeLink href={contactHref} newTab={contact.kind === 'web'} className={styles.callButton} textClassName={styles.callButtonText}>
            {contactLabel}
          </SafeLink>
        ) : null}
        {cartId ? (
          <SectionLink targetId={cartId} className={styles.topCart}>
            Cart
          </SectionLink>
        ) : null}
        <a href={`#${drawerId}`} className={styles.menuButton} aria-controls={drawerId} onClick={byState(() => setDrawerOpen(true))}>
          <MenuIcon />
          <span className={styles.visuallyHidden}>Open menu</span>
        </a>
      </header>

      <div
        id={drawerId}
        className={`${styles.drawerLayer} ${drawerOpen ? styles.drawerOpen : ''}`.trim()}
        data-open={drawerOpen ? 'true' : 'false'}
      >
        {/* For the pointer only (a tap beside the drawer closes it); "Close menu" is the control for everyone. */}
        {/* eslint-disable-next-line jsx-a11y/anchor-has-content */}
        <a href={`#${barId}`} className={styles.backdrop} aria-hidden="true" tabIndex={-1} onClick={byState(closeDrawer)} />
        <div ref={drawerRef} className={styles.drawer} tabIndex={-1}>
          <a href={`#${barId}`} className={styles.closeButton} onClick={byState(closeDrawer)}>
            <CloseIcon />
            <span className={styles.visuallyHidden}>Close menu</span>
          </a>
          <nav aria-label="Menu">
            <SectionLinks className={styles.drawerLinks} links={targets} onNavigate={closeDrawer} />
          </nav>
          {cartId ? (
            <SectionLink targetId={cartId} className={styles.drawerCart} onNavigate={closeDrawer}>
              Cart
            </SectionLink>
          ) : null}
        </div>
      </div>
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

/** "Have Question In Mind?": the visitor's message goes to the owner (left out of an export, which cannot send it). */
function QuestionForm() {
  const target = usePageMessages();
  return target ? <PageMessageForm {...target} heading="Have Question In Mind?" submitLabel="Submit" className={styles.form} /> : null;
}
