import { createContext, memo, useContext, type ComponentType, type ReactNode } from 'react';
import { RichText, SafeLink, isSafeAssetUrl, mailtoHref, richTextToPlainText, telHref } from '@folioforge/shared';
import { SAMPLE_RESUME_URL } from '../assets';
import type { TemplateValues } from '../types';
import { splitSkills } from './generatorFields';
import styles from './GeneratorPreview.module.scss';

/** Shows the resume: the editor draws it with pdf.js; a published page links to it. */
export type ResumeView = ComponentType<{ url: string; title: string }>;

export interface GeneratorPreviewProps {
  values: TemplateValues;
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

/** The live preview. Each part is memoised on its own values, so a key press redraws one part. */
export function GeneratorPreview({ values, resumeFileName, ResumeView = ResumeLink }: GeneratorPreviewProps) {
  const v = (key: string) => values[key] ?? '';
  return (
    <article className={styles.preview}>
      <PersonalInformation name={v('name')} email={v('email')} phone={v('phone')} portfolioLink={v('portfolioLink')} image={v('image')} />
      <Skills skills={v('skills')} />
      <TextSection title="Experience" text={v('experience')} empty="Your experience appears here." />
      <TextSection title="Education" text={v('education')} empty="Your education appears here." />
      <SocialLinks githubLink={v('githubLink')} linkedinLink={v('linkedinLink')} />
      <ResumeSection resumeUrl={v('resume')} resumeFileName={resumeFileName} ResumeView={ResumeView} />
    </article>
  );
}

interface PersonalInformationProps {
  name: string;
  email: string;
  phone: string;
  portfolioLink: string;
  image: string;
}

const PersonalInformation = memo(function PersonalInformation({ name, email, phone, portfolioLink, image }: PersonalInformationProps) {
  const showsPlaceholders = useContext(ShowsPlaceholders);
  return (
    <section className={styles.section} aria-labelledby="generator-personal">
      <h3 id="generator-personal" className={styles.sectionTitle}>
        Personal Information
      </h3>
      <div className={styles.personal}>
        {isSafeAssetUrl(image) ? (
          <img className={styles.photo} src={image} alt={name ? `Photo of ${name}` : 'Your photo'} />
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
            {portfolioLink ? (
              <SafeLink href={portfolioLink} newTab>
                {portfolioLink}
              </SafeLink>
            ) : (
              <Placeholder>Your portfolio link</Placeholder>
            )}
          </dd>
        </dl>
      </div>
    </section>
  );
});

const Skills = memo(function Skills({ skills }: { skills: string }) {
  const list = splitSkills(skills);
  return (
    <section className={styles.section} aria-labelledby="generator-skills">
      <h3 id="generator-skills" className={styles.sectionTitle}>
        Skills
      </h3>
      {list.length ? (
        <ul className={styles.skills}>
          {list.map((skill, index) => (
            <li key={`${index}-${skill}`} className={styles.skill}>
              {skill}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <Placeholder>Your skills, separated by commas.</Placeholder>
        </p>
      )}
    </section>
  );
});

const TextSection = memo(function TextSection({ title, text, empty }: { title: string; text: string; empty: string }) {
  const titleId = `generator-${title.toLowerCase()}`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {title}
      </h3>
      <Prose text={text} empty={empty} />
    </section>
  );
});

const SocialLinks = memo(function SocialLinks({ githubLink, linkedinLink }: { githubLink: string; linkedinLink: string }) {
  return (
    <section className={styles.section} aria-labelledby="generator-social">
      <h3 id="generator-social" className={styles.sectionTitle}>
        Social Links
      </h3>
      <ul className={styles.links}>
        <li>
          GitHub:{' '}
          {githubLink ? (
            <SafeLink href={githubLink} newTab>
              {githubLink}
            </SafeLink>
          ) : (
            <Placeholder>not added yet</Placeholder>
          )}
        </li>
        <li>
          LinkedIn:{' '}
          {linkedinLink ? (
            <SafeLink href={linkedinLink} newTab>
              {linkedinLink}
            </SafeLink>
          ) : (
            <Placeholder>not added yet</Placeholder>
          )}
        </li>
      </ul>
    </section>
  );
});

const ResumeSection = memo(function ResumeSection({
  resumeUrl,
  resumeFileName,
  ResumeView,
}: {
  resumeUrl: string;
  resumeFileName: string | undefined;
  ResumeView: ResumeView;
}) {
  const ownResume = Boolean(resumeFileName) && isSafeAssetUrl(resumeUrl);
  const url = ownResume ? resumeUrl : SAMPLE_RESUME_URL;
  // A published page never offers someone else's (the sample) resume.
  if (!useContext(ShowsPlaceholders) && !ownResume) return null;
  return (
    <section className={styles.section} aria-labelledby="generator-resume">
      <h3 id="generator-resume" className={styles.sectionTitle}>
        Resume
      </h3>
      <p className={styles.resumeNote}>{ownResume ? `Showing ${resumeFileName}.` : 'Showing a sample resume until you upload yours.'}</p>
      <ResumeView url={url} title={ownResume ? 'Your resume' : 'Sample resume'} />
    </section>
  );
});
