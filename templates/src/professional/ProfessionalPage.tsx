import { memo, useMemo } from 'react';
import { RichText, SafeLink, mailtoHref, telHref } from '@folioforge/shared';
import type { TemplatePageProps } from '../types';
import type { SocialLink } from '../model';
import { useResumeUrl } from '../common/resumeLink';
import { PageImage } from '../common/PageImage';
import { SocialLinks } from '../common/SocialLinks';
import { SectionLinks, type SectionTarget } from '../common/SectionLink';
import { MoonIcon, SunIcon } from '../common/icons';
import { SectionList, sectionTargets, type SectionViewProps, type SectionViews } from '../common/sections/SectionList';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { SignUpBox } from '../forms/SignUpForm';
import styles from './ProfessionalPage.module.scss';
import { SiteNavigation } from '../common/SiteNavigation';

/**
 * Template 3's page: in the visitor's own colour scheme (prefers-color-scheme), with a toggle to the
 * other one that works without script: a checkbox the page's CSS reads (`:has(:checked)`), showing a
 * moon while light (check for dark) and a sun while dark. Its name says what checking it does ("Dark
 * mode", or "Light mode" for a visitor whose system is dark). Parts are memoised on what they show, so
 * a key press in the editor redraws only those that show that field.
 */
export function ProfessionalPage({ portfolio }: TemplatePageProps) {
  const prefix = usePagePrefix();
  const { profile, socials, sections } = portfolio;
  const homeId = `${prefix}-home`;
  const aboutId = `${prefix}-about`;
  const targets = useMemo(
    () => [{ label: 'Home', targetId: homeId }, { label: 'About', targetId: aboutId }, ...sectionTargets(sections, prefix)],
    [aboutId, homeId, prefix, sections],
  );

  return (
    <div className={styles.root}>
      <div className={styles.page}>
        <SiteNavigation name={profile.name} />
        <Header name={profile.name} targets={targets} />
        <main>
          <Home id={homeId} name={profile.name} headline={profile.headline} photo={profile.photo} />
          <About
            id={aboutId}
            about={profile.about}
            address={profile.address}
            phone={profile.phone}
            website={profile.website}
            resume={profile.resume}
          />
          <SectionList sections={sections} prefix={prefix} views={VIEWS} />
          <SignUpBox />
        </main>
        <Footer name={profile.name} email={profile.email} socials={socials} />
      </div>
    </div>
  );
}

interface HeaderProps {
  name: string;
  targets: readonly SectionTarget[];
}

const Header = memo(function Header({ name, targets }: HeaderProps) {
  return (
    <header className={styles.header}>
      <p className={styles.brand}>{name}</p>
      <nav aria-label="Portfolio sections">
        <SectionLinks className={styles.links} links={targets} />
      </nav>
      <label className={styles.toggle}>
        <input type="checkbox" className={styles.themeSwitch} />
        <MoonIcon data-icon="moon" className={styles.moon} aria-hidden="true" />
        <SunIcon data-icon="sun" className={styles.sun} aria-hidden="true" />
        <span className={styles.toDark}>Dark mode</span>
        <span className={styles.toLight}>Light mode</span>
      </label>
    </header>
  );
});

const Home = memo(function Home({ id, name, headline, photo }: { id: string; name: string; headline: string; photo: string }) {
  return (
    <section id={id} className={styles.home} aria-labelledby={`${id}-title`}>
      <div>
        <h1 id={`${id}-title`} className={styles.name}>
          {name}
        </h1>
        <RichText className={styles.lead} value={headline} />
      </div>
      <PageImage className={styles.photo} value={photo} alt={name ? `Photo of ${name}` : 'Profile photo'} priority sizes="320px" />
    </section>
  );
});

interface AboutProps {
  id: string;
  about: string;
  address: string;
  phone: string;
  website: string;
  resume: string;
}

const About = memo(function About({ id, about, address, phone, website, resume }: AboutProps) {
  const resumeUrl = useResumeUrl(resume);
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
        {website ? (
          <>
            <dt>Website</dt>
            <dd>
              <SafeLink href={website} newTab>
                {website.replace(/^https?:\/\//i, '')}
              </SafeLink>
            </dd>
          </>
        ) : null}
        {resumeUrl ? (
          <>
            <dt>Resume</dt>
            <dd>
              <a href={resumeUrl} target="_blank" rel="noopener noreferrer">
                Open my resume (PDF)
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
});

function Projects({ section, anchorId }: SectionViewProps<'projects'>) {
  const titleId = `${anchorId}-title`;
  return (
    <section id={anchorId} className={styles.section} data-section-id={section.id} aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      {section.body.trim() ? <RichText className={styles.prose} value={section.body} /> : null}
      <ul className={styles.cards}>
        {section.items.map((project) => (
          <ProjectCard key={project.id} project={project} />
        ))}
      </ul>
    </section>
  );
}

const ProjectCard = memo(function ProjectCard({ project }: { project: SectionViewProps<'projects'>['section']['items'][number] }) {
  return (
    <li className={styles.card} data-item-id={project.id}>
      <PageImage
        className={styles.cardImage}
        value={project.image}
        alt={project.name ? `${project.name}, picture` : 'Project picture'}
        sizes="(min-width: 48rem) 33vw, 100vw"
      />
      <h3>{project.name}</h3>
      <RichText className={styles.prose} value={project.description} />
      {/* The spec shows the project address as plain text on this layout. */}
      {project.url ? <p className={styles.url}>{project.url}</p> : null}
    </li>
  );
});

const VIEWS: SectionViews = { projects: Projects };

const Footer = memo(function Footer({ name, email, socials }: { name: string; email: string; socials: readonly SocialLink[] }) {
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
        links={socials}
      />
      {/* No "Made with FolioForge" here: the published page's badge says it, unless the owner's plan removes branding. */}
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {name}
      </p>
    </footer>
  );
});
