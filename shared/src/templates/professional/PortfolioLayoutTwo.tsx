import { useState } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink } from '../safe/SafeLink';
import { isSafeAssetUrl, mailtoHref, telHref } from '../safe/safeUrl';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLink } from '../common/SectionLink';
import { MoonIcon, SunIcon } from '../common/icons';
import { useSectionIds } from '../common/useSectionIds';
import styles from './PortfolioLayoutTwo.module.scss';
import { portfolioProjects, portfolioSocialLinks } from '../common/portfolioValues';

/**
 * Portfolio layout two (template 3): light by default, with a toggle that shows a sun in dark mode
 * (press for light) and a moon in light mode (press for dark).
 */
export function PortfolioLayoutTwo({ values }: TemplatePreviewProps) {
  const ids = useSectionIds(['home', 'about', 'project'] as const);
  const [dark, setDark] = useState(false);
  const name = values.name ?? '';
  const projects = portfolioProjects(values);

  return (
    <div className={styles.root}>
      <div className={`${styles.page} ${dark ? styles.dark : styles.light}`} data-theme={dark ? 'dark' : 'light'}>
        <header className={styles.header}>
          <p className={styles.brand}>{name}</p>
          <nav aria-label="Portfolio sections">
            <ul className={styles.links}>
              <li><SectionLink targetId={ids.home}>Home</SectionLink></li>
              <li><SectionLink targetId={ids.about}>About</SectionLink></li>
              <li><SectionLink targetId={ids.project}>Project</SectionLink></li>
            </ul>
          </nav>
          <button type="button" className={styles.toggle} aria-pressed={dark} aria-label="Dark mode" title={dark ? 'Switch to light mode' : 'Switch to dark mode'} onClick={() => setDark((on) => !on)}>
            {dark ? <SunIcon data-icon="sun" /> : <MoonIcon data-icon="moon" />}
          </button>
        </header>

        <main>
          <section id={ids.home} className={styles.home} aria-labelledby={`${ids.home}-title`}>
            <div>
              <h1 id={`${ids.home}-title`} className={styles.name}>{name}</h1>
              <p className={styles.lead}>{values.description}</p>
            </div>
            {isSafeAssetUrl(values.image) ? <img className={styles.photo} src={values.image} alt={name ? `Photo of ${name}` : 'Profile photo'} /> : null}
          </section>

          <section id={ids.about} className={styles.section} aria-labelledby={`${ids.about}-title`}>
            <h2 id={`${ids.about}-title`}>About Me</h2>
            <p className={styles.prose}>{values.about}</p>
            <dl className={styles.facts}>
              {values.address ? <><dt>Based in</dt><dd>{values.address}</dd></> : null}
              {values.phone ? <><dt>Phone</dt><dd><SafeLink href={telHref(values.phone)}>{values.phone}</SafeLink></dd></> : null}
            </dl>
          </section>

          <section id={ids.project} className={styles.section} aria-labelledby={`${ids.project}-title`}>
            <h2 id={`${ids.project}-title`}>Projects</h2>
            <ul className={styles.cards}>
              {projects.map((project) => (
                <li key={project.n} className={styles.card}>
                  <h3>{project.title}</h3>
                  <p className={styles.prose}>{project.description}</p>
                  {/* The spec shows the project address as plain text on this layout. */}
                  <p className={styles.url}>{project.url}</p>
                </li>
              ))}
            </ul>
          </section>
        </main>

        <footer className={styles.footer}>
          {values.email ? <p className={styles.footerEmail}><SafeLink href={mailtoHref(values.email)}>{values.email}</SafeLink></p> : null}
          <SocialLinks
            label={`${name || 'Profile'} on social media`}
            listClassName={styles.socials}
            linkClassName={styles.socialLink}
            links={portfolioSocialLinks(values)}
          />
          <p className={styles.copyright}>© {new Date().getFullYear()} {name}. Made with FolioForge.</p>
        </footer>
      </div>
    </div>
  );
}
