import { useEffect, useId, useRef, useState } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink } from '../safe/SafeLink';
import { isSafeAssetUrl, mailtoHref, telHref } from '../safe/safeUrl';
import { SAMPLE_RESUME_URL } from '../assets';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLink } from '../common/SectionLink';
import { CloseIcon, MenuIcon } from '../common/icons';
import { animateScrollToTop, findScrollTarget } from '../common/scroll';
import { useSectionIds } from '../common/useSectionIds';
import styles from './PortfolioLayoutOne.module.scss';
import { portfolioProjects, portfolioSocialLinks } from '../common/portfolioValues';

/** How far the page scrolls before the header takes its solid background (the `color` flag). */
export const HEADER_SOLID_AFTER_PX = 40;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * Portfolio layout one (template 1): header with the name (click: back to top over 500 ms) and a
 * menu with the spec's two flags — `click` (menu open) and `color` (solid header after scrolling).
 */
export function PortfolioLayoutOne({ values }: TemplatePreviewProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const cancelScrollRef = useRef<() => void>(() => undefined);
  const ids = useSectionIds(['home', 'projects', 'about'] as const);
  const menuId = `${useId()}menu`;
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
  }, []);

  const scrollToTop = () => {
    cancelScrollRef.current();
    cancelScrollRef.current = animateScrollToTop(findScrollTarget(rootRef.current));
  };
  const closeMenu = () => setClick(false);

  const resumeUrl = isSafeAssetUrl(values.resume) ? values.resume : SAMPLE_RESUME_URL;
  const name = values.name ?? '';
  const projects = portfolioProjects(values);

  return (
    <div ref={rootRef} className={styles.root}>
      <div className={styles.page}>
        <header className={cx(styles.header, color && styles.headerSolid)} data-color={color ? 'solid' : 'clear'}>
          <button type="button" className={styles.brand} onClick={scrollToTop}>
            {name}
            <span className={styles.visuallyHidden}> (back to top)</span>
          </button>
          <nav aria-label="Portfolio sections" className={styles.nav}>
            <button
              type="button"
              className={styles.menuButton}
              aria-expanded={click}
              aria-controls={menuId}
              aria-label={click ? 'Close menu' : 'Open menu'}
              onClick={() => setClick((open) => !open)}
            >
              {click ? <CloseIcon /> : <MenuIcon />}
            </button>
            <ul id={menuId} className={cx(styles.menu, click && styles.menuOpen)} data-open={click ? 'true' : 'false'}>
              <li><SectionLink targetId={ids.home} onNavigate={closeMenu}>Home</SectionLink></li>
              <li><SectionLink targetId={ids.projects} onNavigate={closeMenu}>Projects</SectionLink></li>
              <li><SectionLink targetId={ids.about} onNavigate={closeMenu}>About</SectionLink></li>
            </ul>
          </nav>
        </header>

        <main>
          <section id={ids.home} className={styles.hero} aria-labelledby={`${ids.home}-title`}>
            <div className={styles.heroText}>
              <p className={styles.greeting}>Hey there I&apos;m</p>
              <h1 id={`${ids.home}-title`} className={styles.heroName}>{name}</h1>
              <p className={styles.lead}>{values.description}</p>
            </div>
            {isSafeAssetUrl(values.image) ? <img className={styles.photo} src={values.image} alt={name ? `Photo of ${name}` : 'Profile photo'} /> : null}
          </section>

          <section id={ids.about} className={styles.about} aria-labelledby={`${ids.about}-title`}>
            <h2 id={`${ids.about}-title`}>About</h2>
            <p className={styles.prose}>{values.about}</p>
            <a className={styles.button} href={resumeUrl} target="_blank" rel="noopener noreferrer">
              My Resume<span className={styles.visuallyHidden}> (opens in a new tab)</span>
            </a>
          </section>

          <section id={ids.projects} className={styles.projects} aria-labelledby={`${ids.projects}-title`}>
            <h2 id={`${ids.projects}-title`}>Projects</h2>
            <ul className={styles.cards}>
              {projects.map((project) => (
                <li key={project.n} className={styles.card}>
                  <p className={styles.cardLabel}>Project {project.n}</p>
                  <h3 className={styles.cardTitle}>{project.title}</h3>
                  <p className={styles.prose}>{project.description}</p>
                  <SafeLink href={project.url} newTab className={styles.cardLink} aria-label={`Click here to view the project ${project.title}`.trim()}>
                    Click here to view the project
                  </SafeLink>
                </li>
              ))}
            </ul>
            <p className={styles.more}>
              <SafeLink href={values.githublink} newTab className={styles.cardLink}>
                Click here to View more of my projects from Github
              </SafeLink>
            </p>
          </section>
        </main>

        <footer className={styles.footer}>
          <div>
            <p className={styles.footerName}>{name}</p>
            {values.address ? <p>{values.address}</p> : null}
            {values.phone ? <p><SafeLink href={telHref(values.phone)}>{values.phone}</SafeLink></p> : null}
            {values.email ? <p><SafeLink href={mailtoHref(values.email)}>{values.email}</SafeLink></p> : null}
          </div>
          <div>
            <p className={styles.connect}>Connect With me on</p>
            <SocialLinks
              label="Connect With me on"
              listClassName={styles.socials}
              linkClassName={styles.socialLink}
              links={portfolioSocialLinks(values)}
            />
          </div>
        </footer>
      </div>
    </div>
  );
}
