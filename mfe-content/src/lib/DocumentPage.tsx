import type { ReactNode } from 'react';
import styles from './DocumentPage.module.scss';

export interface DocumentSection {
  /** The anchor of the section (/privacy-policy#what-we-store). */
  id: string;
  heading: string;
  body: ReactNode;
}

interface DocumentPageProps {
  title: string;
  /** When the text last changed, as people read it ("1 April 2026"). */
  updated: string;
  /** The page in two or three sentences, above the contents. */
  summary: ReactNode;
  sections: readonly DocumentSection[];
}

/**
 * A long page people read rather than use (terms, privacy, accessibility, help): its title, the date it
 * last changed, a summary, a list of contents linking to each section, and the sections.
 */
export function DocumentPage({ title, updated, summary, sections }: DocumentPageProps) {
  return (
    <article className={styles.document} aria-labelledby="document-title">
      <header className={styles.header}>
        <h1 id="document-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.updated}>Last updated {updated}</p>
        <div className={styles.summary}>{summary}</div>
      </header>
      <nav aria-labelledby="document-contents" className={styles.contents}>
        <h2 id="document-contents" className={styles.contentsHeading}>
          On this page
        </h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className={styles.section}>
          <h2 id={`${section.id}-heading`} className={styles.sectionHeading}>
            {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}
