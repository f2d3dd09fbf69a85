import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from 'react';
import { RichText, SafeLink, animateScrollToTop, findScrollTarget } from '@folioforge/shared';
import type { TemplatePageProps } from '../types';
import type { SocialLink } from '../model';
import { useResumeUrl } from '../common/resumeLink';
import { PageImage } from '../common/PageImage';
import { ContactLines } from '../common/ContactLines';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLinks, type SectionTarget } from '../common/SectionLink';
import { CloseIcon, MenuIcon } from '../common/icons';
import { SectionList, sectionTargets, type SectionViewProps, type SectionViews } from '../common/sections/SectionList';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { SignUpBox } from '../forms/SignUpForm';
import styles from './PersonalPage.module.scss';
import { SiteNavigation } from '../common/SiteNavigation';

/** How far the page scrolls before the header takes its solid background (the `color` flag). */
export const HEADER_SOLID_AFTER_PX = 40;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** Where "View more of my projects" leads: the portfolio's GitHub link, if it has one. */
const GitHubLinkContext = createContext('');

/**
 * Template 1's page: header with the name (click: back to top over 500 ms) and a menu with the spec's
 * two flags — `click` (menu open) and `color` (solid header after scrolling); a hero, About, then the
 * sections in the owner's order. Each part is memoised on what it shows, so a key press in the editor
 * redraws only the part that shows that field.
 */
export function PersonalPage({ portfolio }: TemplatePageProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const prefix = usePagePrefix();
  const { profile, socials, sections } = portfolio;
  const homeId = `${prefix}-home`;
  const aboutId = `${prefix}-about`;
  const resumeUrl = useResumeUrl(profile.resume);
  const showsAbout = profile.about.trim() !== '' || Boolean(resumeUrl);
  const targets = useMemo(
    () => [
      { label: 'Home', targetId: homeId },
      ...sectionTargets(sections, prefix),
      ...(showsAbout ? [{ label: 'About', targetId: aboutId }] : []),
    ],
    [aboutId, homeId, prefix, sections, showsAbout],
  );
  const gitHub = socials.find((link) => link.network.trim().toLowerCase() === 'github')?.url ?? '';

  return (
    <div ref={rootRef} className={styles.root}>
      <div className={styles.page}>
        <SiteNavigation name={profile.name} />
        <Header name={profile.name} targets={targets} rootRef={rootRef} />
        <main>
          <Hero id={homeId} name={profile.name} headline={profile.headline} photo={profile.photo} />
          {showsAbout ? <About id={aboutId} about={profile.about} resume={profile.resume} /> : null}
          <GitHubLinkContext.Provider value={gitHub}>
            <SectionList sections={sections} prefix={prefix} views={VIEWS} />
          </GitHubLinkContext.Provider>
          <SignUpBox />
        </main>
        <Footer
          name={profile.name}
          address={profile.address}
          phone={profile.phone}
          email={profile.email}
          website={profile.website}
          socials={socials}
        />
      </div>
    </div>
  );
}

interface HeaderProps {
  name: string;
  targets: readonly SectionTarget[];
  /** The layout's root: where the scroll container is looked for. */
  rootRef: RefObject<HTMLDivElement>;
}

const Header = memo(function Header({ name, targets, rootRef }: HeaderProps) {
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
      <HeaderMenu targets={targets} open={click} onToggle={toggleMenu} onNavigate={closeMenu} />
    </header>
  );
});

interface HeaderMenuProps {
  targets: readonly SectionTarget[];
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

/**
 * The section menu. On a phone it opens without script: "Open menu" is a link to the menu, shown
 * while it is the page's `:target`; following any of its links (or "Close menu", a link back to the
 * menu bar) makes another element the target, so it closes. In the editor's preview the same links
 * open and close it by state, keeping the host's URL. Memoised apart from the brand, so typing the
 * name redraws the brand alone.
 */
const HeaderMenu = memo(function HeaderMenu({ targets, open, onToggle, onNavigate }: HeaderMenuProps) {
  const menuId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-menu`;
  const barId = `${menuId}-bar`;
  const byState = (act: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    act();
  };
  return (
    <nav id={barId} aria-label="Portfolio sections" className={styles.nav}>
      <a href={`#${menuId}`} className={styles.menuButton} aria-controls={menuId} onClick={byState(onToggle)}>
        <MenuIcon />
        <span className={styles.visuallyHidden}>Open menu</span>
      </a>
      <div id={menuId} className={cx(styles.menuPanel, open && styles.menuOpen)} data-open={open ? 'true' : 'false'}>
        <a href={`#${barId}`} className={styles.closeButton} onClick={byState(onNavigate)}>
          <CloseIcon />
          <span className={styles.visuallyHidden}>Close menu</span>
        </a>
        <SectionLinks className={styles.menu} onNavigate={onNavigate} links={targets} />
      </div>
    </nav>
  );
});

const Hero = memo(function Hero({ id, name, headline, photo }: { id: string; name: string; headline: string; photo: string }) {
  return (
    <section id={id} className={styles.hero} aria-labelledby={`${id}-title`}>
      <div className={styles.heroText}>
        <p className={styles.greeting}>Hey there I&apos;m</p>
        <h1 id={`${id}-title`} className={styles.heroName}>
          {name}
        </h1>
        <RichText className={styles.lead} value={headline} />
      </div>
      <PageImage className={styles.photo} value={photo} alt={name ? `Photo of ${name}` : 'Profile photo'} priority sizes="260px" />
    </section>
  );
});

const About = memo(function About({ id, about, resume }: { id: string; about: string; resume: string }) {
  const resumeUrl = useResumeUrl(resume);
  return (
    <section id={id} className={styles.about} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>About</h2>
      <RichText className={styles.prose} value={about} />
      {resumeUrl ? (
        <a className={styles.button} href={resumeUrl} target="_blank" rel="noopener noreferrer">
          My Resume<span className={styles.visuallyHidden}> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
});

/** The spec's project cards: "Project 1", the title, its description and "Click here to view the project". */
function Projects({ section, anchorId }: SectionViewProps<'projects'>) {
  const gitHub = useContext(GitHubLinkContext);
  const titleId = `${anchorId}-title`;
  return (
    <section id={anchorId} className={styles.projects} data-section-id={section.id} aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      {section.body.trim() ? <RichText className={styles.prose} value={section.body} /> : null}
      <ul className={styles.cards}>
        {section.items.map((project, index) => (
          <ProjectCard key={project.id} n={index + 1} project={project} />
        ))}
      </ul>
      {gitHub ? (
        <p className={styles.more}>
          <SafeLink href={gitHub} newTab className={styles.cardLink}>
            Click here to View more of my projects from Github
          </SafeLink>
        </p>
      ) : null}
    </section>
  );
}

const ProjectCard = memo(function ProjectCard({
  n,
  project,
}: {
  n: number;
  project: SectionViewProps<'projects'>['section']['items'][number];
}) {
  return (
    <li className={styles.card} data-item-id={project.id}>
      <PageImage
        className={styles.cardImage}
        value={project.image}
        alt={project.name ? `${project.name}, picture` : 'Project picture'}
        sizes="(min-width: 48rem) 33vw, 100vw"
      />
      <p className={styles.cardLabel}>Project {n}</p>
      <h3 className={styles.cardTitle}>{project.name}</h3>
      <RichText className={styles.prose} value={project.description} />
      {project.url ? (
        <SafeLink
          href={project.url}
          newTab
          className={styles.cardLink}
          aria-label={`Click here to view the project ${project.name}`.trim()}
        >
          Click here to view the project
        </SafeLink>
      ) : null}
    </li>
  );
});

const VIEWS: SectionViews = { projects: Projects };

interface FooterProps {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  socials: readonly SocialLink[];
}

const Footer = memo(function Footer({ name, address, phone, email, website, socials }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div>
        <p className={styles.footerName}>{name}</p>
        <ContactLines address={address} phone={phone} email={email} website={website} />
      </div>
      <div>
        <p className={styles.connect}>Connect With me on</p>
        <SocialLinks label="Connect With me on" listClassName={styles.socials} linkClassName={styles.socialLink} links={socials} />
      </div>
    </footer>
  );
});
