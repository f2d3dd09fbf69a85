import { memo, useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink, isSafeAssetUrl, mailtoHref, telHref, animateScrollToTop, findScrollTarget } from '@folioforge/shared';
import { SAMPLE_RESUME_URL } from '../assets';
import { SocialLinks, type SocialLink } from '../common/SocialLinks';
import { SectionLinks } from '../common/SectionLink';
import { CloseIcon, MenuIcon } from '../common/icons';
import { useSectionIds } from '../common/useSectionIds';
import { usePortfolioProjects, usePortfolioSocialLinks, type PortfolioProject } from '../common/portfolioValues';
import styles from './PortfolioLayoutOne.module.scss';
import { RichText } from '@folioforge/shared';

/** How far the page scrolls before the header takes its solid background (the `color` flag). */
export const HEADER_SOLID_AFTER_PX = 40;

const SECTIONS = ['home', 'projects', 'about'] as const;
type SectionIds = Record<(typeof SECTIONS)[number], string>;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * Portfolio layout one (template 1): header with the name (click: back to top over 500 ms) and a
 * menu with the spec's two flags — `click` (menu open) and `color` (solid header after scrolling).
 * Each section is memoised on the values it shows, so a key press in the editor redraws only the
 * sections that show that field.
 */
export function PortfolioLayoutOne({ values }: TemplatePreviewProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const ids = useSectionIds(SECTIONS);
  const name = values.name ?? '';
  const projects = usePortfolioProjects(values);
  const socialLinks = usePortfolioSocialLinks(values);

  return (
    <div ref={rootRef} className={styles.root}>
      <div className={styles.page}>
        <Header name={name} ids={ids} rootRef={rootRef} />
        <main>
          <Hero id={ids.home} name={name} description={values.description ?? ''} image={values.image} />
          <About id={ids.about} about={values.about ?? ''} resume={values.resume} />
          <Projects id={ids.projects} projects={projects} githubLink={values.githublink} />
        </main>
        <Footer name={name} address={values.address} phone={values.phone} email={values.email} socialLinks={socialLinks} />
      </div>
    </div>
  );
}

interface HeaderProps {
  name: string;
  ids: SectionIds;
  /** The layout's root: where the scroll container is looked for. */
  rootRef: RefObject<HTMLDivElement>;
}

const Header = memo(function Header({ name, ids, rootRef }: HeaderProps) {
  const cancelScrollRef = useRef<() => void>(() => undefined);
  const [click, setClick] = useState(false);
  const [color, setColor] = useState(false);

  useEffect(() => {
    const target = findScrollTarget(rootRef.current);
    const onScroll = () => setColor(target.getTop() >= HEADER_SOLID_AFTER_PX);
    onScroll();
    target.eventTarget.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      target.eventTarget.removeEventListener('scroll', onScroll);
      cancelScrollRef.current();
    };
  }, [rootRef]);

  const scrollToTop = () => {
    cancelScrollRef.current();
    cancelScrollRef.current = animateScrollToTop(findScrollTarget(rootRef.current));
  };
  const toggleMenu = useCallback(() => setClick((open) => !open), []);
  const closeMenu = useCallback(() => setClick(false), []);

  return (
    <header className={cx(styles.header, color && styles.headerSolid)} data-color={color ? 'solid' : 'clear'}>
      <button type="button" className={styles.brand} onClick={scrollToTop}>
        {name}
        <span className={styles.visuallyHidden}> (back to top)</span>
      </button>
      <HeaderMenu ids={ids} open={click} onToggle={toggleMenu} onNavigate={closeMenu} />
    </header>
  );
});

interface HeaderMenuProps {
  ids: SectionIds;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

/** The section menu. Memoised apart from the brand, so typing the name redraws the brand alone. */
const HeaderMenu = memo(function HeaderMenu({ ids, open, onToggle, onNavigate }: HeaderMenuProps) {
  const menuId = `${useId()}menu`;
  return (
    <nav aria-label="Portfolio sections" className={styles.nav}>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={onToggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <SectionLinks
        id={menuId}
        className={cx(styles.menu, open && styles.menuOpen)}
        data-open={open ? 'true' : 'false'}
        onNavigate={onNavigate}
        links={[
          { label: 'Home', targetId: ids.home },
          { label: 'Projects', targetId: ids.projects },
          { label: 'About', targetId: ids.about },
        ]}
      />
    </nav>
  );
});

const Hero = memo(function Hero({
  id,
  name,
  description,
  image,
}: {
  id: string;
  name: string;
  description: string;
  image: string | undefined;
}) {
  return (
    <section id={id} className={styles.hero} aria-labelledby={`${id}-title`}>
      <div className={styles.heroText}>
        <p className={styles.greeting}>Hey there I&apos;m</p>
        <h1 id={`${id}-title`} className={styles.heroName}>
          {name}
        </h1>
        <RichText className={styles.lead} value={description} />
      </div>
      {isSafeAssetUrl(image) ? <img className={styles.photo} src={image} alt={name ? `Photo of ${name}` : 'Profile photo'} /> : null}
    </section>
  );
});

const About = memo(function About({ id, about, resume }: { id: string; about: string; resume: string | undefined }) {
  const resumeUrl = isSafeAssetUrl(resume) ? resume : SAMPLE_RESUME_URL;
  return (
    <section id={id} className={styles.about} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>About</h2>
      <RichText className={styles.prose} value={about} />
      <a className={styles.button} href={resumeUrl} target="_blank" rel="noopener noreferrer">
        My Resume<span className={styles.visuallyHidden}> (opens in a new tab)</span>
      </a>
    </section>
  );
});

const Projects = memo(function Projects({
  id,
  projects,
  githubLink,
}: {
  id: string;
  projects: readonly PortfolioProject[];
  githubLink: string | undefined;
}) {
  return (
    <section id={id} className={styles.projects} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Projects</h2>
      <ul className={styles.cards}>
        {projects.map((project) => (
          <li key={project.n} className={styles.card}>
            <p className={styles.cardLabel}>Project {project.n}</p>
            <h3 className={styles.cardTitle}>{project.title}</h3>
            <RichText className={styles.prose} value={project.description} />
            <SafeLink
              href={project.url}
              newTab
              className={styles.cardLink}
              aria-label={`Click here to view the project ${project.title}`.trim()}
            >
              Click here to view the project
            </SafeLink>
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <SafeLink href={githubLink} newTab className={styles.cardLink}>
          Click here to View more of my projects from Github
        </SafeLink>
      </p>
    </section>
  );
});

interface FooterProps {
  name: string;
  address: string | undefined;
  phone: string | undefined;
  email: string | undefined;
  socialLinks: readonly SocialLink[];
}

const Footer = memo(function Footer({ name, address, phone, email, socialLinks }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div>
        <p className={styles.footerName}>{name}</p>
        {address ? <p>{address}</p> : null}
        {phone ? (
          <p>
            <SafeLink href={telHref(phone)}>{phone}</SafeLink>
          </p>
        ) : null}
        {email ? (
          <p>
            <SafeLink href={mailtoHref(email)}>{email}</SafeLink>
          </p>
        ) : null}
      </div>
      <div>
        <p className={styles.connect}>Connect With me on</p>
        <SocialLinks label="Connect With me on" listClassName={styles.socials} linkClassName={styles.socialLink} links={socialLinks} />
      </div>
    </footer>
  );
});
