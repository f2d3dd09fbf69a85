import { memo, useState } from 'react';
import type { TemplatePreviewProps } from '../types';
import { SafeLink, isSafeAssetUrl, mailtoHref, telHref } from '@folioforge/shared';
import { SocialLinks, type SocialLink } from '../common/SocialLinks';
import { SectionLinks } from '../common/SectionLink';
import { MoonIcon, SunIcon } from '../common/icons';
import { useSectionIds } from '../common/useSectionIds';
import { usePortfolioProjects, usePortfolioSocialLinks, type PortfolioProject } from '../common/portfolioValues';
import styles from './PortfolioLayoutTwo.module.scss';
import { RichText } from '@folioforge/shared';

const SECTIONS = ['home', 'about', 'project'] as const;
type SectionIds = Record<(typeof SECTIONS)[number], string>;

/**
 * Portfolio layout two (template 3): light by default, with a toggle that shows a sun in dark mode
 * (press for light) and a moon in light mode (press for dark). Sections are memoised on the values
 * they show, so a key press in the editor redraws only those that show that field.
 */
export function PortfolioLayoutTwo({ values }: TemplatePreviewProps) {
  const ids = useSectionIds(SECTIONS);
  const [dark, setDark] = useState(false);
  const name = values.name ?? '';
  const projects = usePortfolioProjects(values);
  const socialLinks = usePortfolioSocialLinks(values);

  return (
    <div className={styles.root}>
      <div className={`${styles.page} ${dark ? styles.dark : styles.light}`} data-theme={dark ? 'dark' : 'light'}>
        <Header name={name} ids={ids} dark={dark} onToggle={setDark} />
        <main>
          <Home id={ids.home} name={name} description={values.description ?? ''} image={values.image} />
          <About id={ids.about} about={values.about ?? ''} address={values.address} phone={values.phone} />
          <Projects id={ids.project} projects={projects} />
        </main>
        <Footer name={name} email={values.email} socialLinks={socialLinks} />
      </div>
    </div>
  );
}

interface HeaderProps {
  name: string;
  ids: SectionIds;
  dark: boolean;
  /** A state setter: stable, so the header stays memoised. */
  onToggle: (update: (dark: boolean) => boolean) => void;
}

const Header = memo(function Header({ name, ids, dark, onToggle }: HeaderProps) {
  return (
    <header className={styles.header}>
      <p className={styles.brand}>{name}</p>
      <nav aria-label="Portfolio sections">
        <SectionLinks
          className={styles.links}
          links={[
            { label: 'Home', targetId: ids.home },
            { label: 'About', targetId: ids.about },
            { label: 'Project', targetId: ids.project },
          ]}
        />
      </nav>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={dark}
        aria-label="Dark mode"
        title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
        onClick={() => onToggle((on) => !on)}
      >
        {dark ? <SunIcon data-icon="sun" /> : <MoonIcon data-icon="moon" />}
      </button>
    </header>
  );
});

const Home = memo(function Home({
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
    <section id={id} className={styles.home} aria-labelledby={`${id}-title`}>
      <div>
        <h1 id={`${id}-title`} className={styles.name}>
          {name}
        </h1>
        <RichText className={styles.lead} value={description} />
      </div>
      {isSafeAssetUrl(image) ? <img className={styles.photo} src={image} alt={name ? `Photo of ${name}` : 'Profile photo'} /> : null}
    </section>
  );
});

const About = memo(function About({
  id,
  about,
  address,
  phone,
}: {
  id: string;
  about: string;
  address: string | undefined;
  phone: string | undefined;
}) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>About Me</h2>
      <RichText className={styles.prose} value={about} />
      <dl className={styles.facts}>
        {address ? (
          <>
            <dt>Based in</dt>
            <dd>{address}</dd>
          </>
        ) : null}
        {phone ? (
          <>
            <dt>Phone</dt>
            <dd>
              <SafeLink href={telHref(phone)}>{phone}</SafeLink>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
});

const Projects = memo(function Projects({ id, projects }: { id: string; projects: readonly PortfolioProject[] }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Projects</h2>
      <ul className={styles.cards}>
        {projects.map((project) => (
          <li key={project.n} className={styles.card}>
            <h3>{project.title}</h3>
            <RichText className={styles.prose} value={project.description} />
            {/* The spec shows the project address as plain text on this layout. */}
            <p className={styles.url}>{project.url}</p>
          </li>
        ))}
      </ul>
    </section>
  );
});

const Footer = memo(function Footer({
  name,
  email,
  socialLinks,
}: {
  name: string;
  email: string | undefined;
  socialLinks: readonly SocialLink[];
}) {
  return (
    <footer className={styles.footer}>
      {email ? (
        <p className={styles.footerEmail}>
          <SafeLink href={mailtoHref(email)}>{email}</SafeLink>
        </p>
      ) : null}
      <SocialLinks
        label={`${name || 'Profile'} on social media`}
        listClassName={styles.socials}
        linkClassName={styles.socialLink}
        links={socialLinks}
      />
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {name}. Made with FolioForge.
      </p>
    </footer>
  );
});
