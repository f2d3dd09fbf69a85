import { createContext, memo, useContext, type ComponentType, type ReactNode } from 'react';
import { RichText, SafeLink, mailtoHref, richTextToPlainText, telHref } from '@folioforge/shared';
import { visibleSections, type Portfolio, type Section, type SocialLink } from '../model';
import { SAMPLE_RESUME_URL } from '../assets';
import { useAssetUrl } from '../common/assets';
import { isUploadedResume, useMadeResumeUrl } from '../common/resumeLink';
import { FALLBACK_VIEWS } from '../common/sections/FallbackSections';
import { anchorOf, type AnySectionViewProps, type SectionViewProps } from '../common/sections/SectionList';
import { isEmptySection } from '../common/sections/shownItems';
import { usePagePrefix } from '../common/sections/usePagePrefix';
import { SiteNavigation } from '../common/SiteNavigation';
import styles from './GeneratorPage.module.scss';

/** Which résumé a page shows: the owner's upload, the one made from the portfolio, or (a preview) the sample. */
export type ResumeSource = 'uploaded' | 'made' | 'sample';

/** Shows the resume: the editor draws it with pdf.js (and says which one it is); a published page links to it. */
export type ResumeView = ComponentType<{ url: string; title: string; source: ResumeSource; fileName?: string }>;

export interface GeneratorPageProps {
  portfolio: Portfolio;
  /** Name of the chosen resume; none means the bundled sample is shown. */
  resumeFileName: string | undefined;
  ResumeView?: ResumeView;
}

/** A page with no script shows the resume as a link that opens it. */
function ResumeLink({ url, title }: { url: string; title: string }) {
  return (
    <p>
      <a href={url} target="_blank" rel="noopener noreferrer">
        Open {title.toLowerCase()} (PDF)
      </a>
    </p>
  );
}

/** The editor's preview shows what goes where; a published page shows only what was filled in. */
export const ShowsPlaceholders = createContext(true);

function Placeholder({ children }: { children: ReactNode }) {
  return useContext(ShowsPlaceholders) ? <span className={styles.placeholder}>{children}</span> : null;
}

/** A rich text field as formatted (sanitised where it is drawn), or a placeholder while it is empty. */
function Prose({ text, empty }: { text: string; empty: string }) {
  return richTextToPlainText(text).trim() ? (
    <RichText className={styles.prose} value={text} />
  ) : (
    <p>
      <Placeholder>{empty}</Placeholder>
    </p>
  );
}

/** The generator's page. Each part is memoised on what it shows, so a key press redraws one part. */
export function GeneratorPage({ portfolio, resumeFileName, ResumeView = ResumeLink }: GeneratorPageProps) {
  const { profile } = portfolio;
  const prefix = usePagePrefix();
  return (
    <article className={styles.preview}>
      <SiteNavigation name={profile.name} />
      <PersonalInformation
        name={profile.name}
        email={profile.email}
        phone={profile.phone}
        website={profile.website}
        photo={profile.photo}
        headline={profile.headline}
        about={profile.about}
        address={profile.address}
      />
      {visibleSections(portfolio).map((section) => (
        <GeneratorSection key={section.id} section={section} anchorId={anchorOf(prefix, section)} />
      ))}
      <SocialLinks socials={portfolio.socials} />
      <ResumeSection resume={profile.resume} resumeFileName={resumeFileName} ResumeView={ResumeView} />
    </article>
  );
}

interface PersonalInformationProps {
  name: string;
  email: string;
  phone: string;
  website: string;
  photo: string;
  headline: string;
  about: string;
  address: string;
}

const PersonalInformation = memo(function PersonalInformation({
  name,
  email,
  phone,
  website,
  photo,
  headline,
  about,
  address,
}: PersonalInformationProps) {
  const showsPlaceholders = useContext(ShowsPlaceholders);
  const src = useAssetUrl(photo);
  return (
    <section className={styles.section} aria-labelledby="generator-personal">
      <h3 id="generator-personal" className={styles.sectionTitle}>
        Personal Information
      </h3>
      <div className={styles.personal}>
        {src ? (
          <img className={styles.photo} src={src} alt={name ? `Photo of ${name}` : 'Your photo'} />
        ) : showsPlaceholders ? (
          <div className={styles.photoPlaceholder} aria-hidden="true">
            Photo
          </div>
        ) : null}
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{name || <Placeholder>Your name</Placeholder>}</dd>
          <dt>Email</dt>
          <dd>{email ? <SafeLink href={mailtoHref(email)}>{email}</SafeLink> : <Placeholder>you@example.com</Placeholder>}</dd>
          <dt>Phone</dt>
          <dd>{phone ? <SafeLink href={telHref(phone)}>{phone}</SafeLink> : <Placeholder>Your phone number</Placeholder>}</dd>
          <dt>Portfolio</dt>
          <dd>
            {website ? (
              <SafeLink href={website} newTab>
                {website}
              </SafeLink>
            ) : (
              <Placeholder>Your portfolio link</Placeholder>
            )}
          </dd>
          {address ? (
            <>
              <dt>Address</dt>
              <dd>{address}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {richTextToPlainText(headline).trim() ? <RichText className={styles.prose} value={headline} /> : null}
      {richTextToPlainText(about).trim() ? <RichText className={styles.prose} value={about} /> : null}
    </section>
  );
});

function Titled({ section, anchorId, children }: { section: Section; anchorId: string; children: ReactNode }) {
  return (
    <section id={anchorId} className={styles.section} data-section-id={section.id} aria-labelledby={`${anchorId}-title`}>
      <h3 id={`${anchorId}-title`} className={styles.sectionTitle}>
        {section.title}
      </h3>
      {section.body.trim() ? <RichText className={styles.prose} value={section.body} /> : null}
      {children}
    </section>
  );
}

function Skills({ section, anchorId }: SectionViewProps<'skills'>) {
  return (
    <Titled section={section} anchorId={anchorId}>
      {section.items.length ? (
        <ul className={styles.skills}>
          {section.items.map((skill) => (
            <li key={skill.id} className={styles.skill} data-item-id={skill.id}>
              {skill.name}
              {skill.level.trim() ? ` (${skill.level})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <Placeholder>Your skills appear here: add one for each.</Placeholder>
        </p>
      )}
    </Titled>
  );
}

function Experience({ section, anchorId }: SectionViewProps<'experience'>) {
  return (
    <Titled section={section} anchorId={anchorId}>
      {section.items.length ? (
        section.items.map((job) => (
          <div key={job.id} className={styles.entry} data-item-id={job.id}>
            {job.position || job.name ? (
              <p className={styles.entryTitle}>{[job.position, job.name].filter((part) => part.trim()).join(' · ')}</p>
            ) : null}
            {job.startDate || job.endDate ? (
              <p className={styles.dates}>{[job.startDate, job.endDate].filter((part) => part.trim()).join(' – ')}</p>
            ) : null}
            <Prose text={job.summary} empty="What you did there appears here." />
            {job.url ? (
              <SafeLink href={job.url} newTab>
                {job.url}
              </SafeLink>
            ) : null}
          </div>
        ))
      ) : (
        <p>
          <Placeholder>Your experience appears here.</Placeholder>
        </p>
      )}
    </Titled>
  );
}

function Education({ section, anchorId }: SectionViewProps<'education'>) {
  return (
    <Titled section={section} anchorId={anchorId}>
      {section.items.length ? (
        section.items.map((school) => (
          <div key={school.id} className={styles.entry} data-item-id={school.id}>
            {school.institution ? <p className={styles.entryTitle}>{school.institution}</p> : null}
            {school.studyType || school.area ? <p>{[school.studyType, school.area].filter((part) => part.trim()).join(', ')}</p> : null}
            {school.startDate || school.endDate ? (
              <p className={styles.dates}>{[school.startDate, school.endDate].filter((part) => part.trim()).join(' – ')}</p>
            ) : null}
            {richTextToPlainText(school.summary).trim() ? <RichText className={styles.prose} value={school.summary} /> : null}
          </div>
        ))
      ) : (
        <p>
          <Placeholder>Your education appears here.</Placeholder>
        </p>
      )}
    </Titled>
  );
}

/** The generator's own view of skills, experience and education (placeholders while empty), the shared one of the rest. */
const GeneratorSection = memo(function GeneratorSection({ section, anchorId }: { section: Section; anchorId: string }) {
  switch (section.kind) {
    case 'skills':
      return <Skills section={section} anchorId={anchorId} />;
    case 'experience':
      return <Experience section={section} anchorId={anchorId} />;
    case 'education':
      return <Education section={section} anchorId={anchorId} />;
    default: {
      if (isEmptySection(section)) return null;
      const View = FALLBACK_VIEWS[section.kind] as ComponentType<AnySectionViewProps>;
      return <View section={section} anchorId={anchorId} />;
    }
  }
});

const SocialLinks = memo(function SocialLinks({ socials }: { socials: readonly SocialLink[] }) {
  const showsPlaceholders = useContext(ShowsPlaceholders);
  const shown = showsPlaceholders ? socials : socials.filter((link) => link.url.trim());
  if (shown.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="generator-social">
      <h3 id="generator-social" className={styles.sectionTitle}>
        Social Links
      </h3>
      <ul className={styles.links}>
        {shown.map((link) => (
          <li key={link.id}>
            {link.network || 'Link'}:{' '}
            {link.url ? (
              <SafeLink href={link.url} newTab>
                {link.url}
              </SafeLink>
            ) : (
              <Placeholder>not added yet</Placeholder>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});

const ResumeSection = memo(function ResumeSection({
  resume,
  resumeFileName,
  ResumeView,
}: {
  resume: string;
  resumeFileName: string | undefined;
  ResumeView: ResumeView;
}) {
  const resolved = useAssetUrl(resume);
  const made = useMadeResumeUrl();
  const editing = useContext(ShowsPlaceholders);
  const ownResume = Boolean(resumeFileName) && Boolean(resolved) && isUploadedResume(resume);
  // The upload first; else the one made from the portfolio (a published page's, or the editor's as you
  // type); only the editor falls back to the sample: a published page never offers someone else's.
  const url = ownResume && resolved ? resolved : (made ?? (editing ? SAMPLE_RESUME_URL : undefined));
  if (!url) return null;
  const source: ResumeSource = ownResume ? 'uploaded' : made ? 'made' : 'sample';
  return (
    <section className={styles.section} aria-labelledby="generator-resume">
      <h3 id="generator-resume" className={styles.sectionTitle}>
        Resume
      </h3>
      <ResumeView url={url} title={RESUME_TITLES[source]} source={source} fileName={ownResume ? resumeFileName : undefined} />
    </section>
  );
});

const RESUME_TITLES: Readonly<Record<ResumeSource, string>> = {
  uploaded: 'Your resume',
  made: 'Resume made from your portfolio',
  sample: 'Sample resume',
};
