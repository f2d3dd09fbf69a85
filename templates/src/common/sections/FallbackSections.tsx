// The shared, well-styled view of each kind of section, for every template that has no view of its
// own for it. Colours and shapes come from the template's custom properties (--ff-ink, --ff-accent …,
// set on its root), so a gallery in the bakery looks like the bakery and in dark mode turns dark.
import type { ReactNode } from 'react';
import { RichText, SafeLink } from '@folioforge/shared';
import type { Section } from '../../model';
import type { SectionViewProps } from './SectionList';
import { shownItems, useHoldsMessageForm } from './shownItems';
import { PageImage } from '../PageImage';
import { ProductPlaceholder, ProductPrice } from '../ProductPrice';
import { PageMessageForm, usePageMessages } from '../../forms/PageMessageForm';
import { ProductOrder } from '../../forms/OrderForm';
import styles from './FallbackSections.module.scss';

interface FrameProps {
  section: Section;
  anchorId: string;
  children?: ReactNode;
}

/** A section's element with its title and intro: the same on every kind. */
export function SectionFrame({ section, anchorId, children }: FrameProps) {
  const titleId = `${anchorId}-title`;
  const title = section.title.trim();
  return (
    <section id={anchorId} className={styles.section} data-section-id={section.id} aria-labelledby={title ? titleId : undefined}>
      <div className={styles.inner}>
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        {section.body.trim() ? <RichText className={styles.body} value={section.body} /> : null}
        {children}
      </div>
    </section>
  );
}

function Picture({ value, alt, className }: { value: string; alt: string; className?: string }) {
  return <PageImage className={className ?? styles.picture} value={value} alt={alt} />;
}

const dates = (from: string, to: string) => [from.trim(), to.trim()].filter(Boolean).join(' – ');

function Projects({ section, anchorId }: SectionViewProps<'projects'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.cards}>
        {section.items.map((item) => (
          <li key={item.id} className={styles.card} data-item-id={item.id}>
            <Picture value={item.image} alt={item.name ? `${item.name}, picture` : 'Project picture'} />
            <div className={styles.cardText}>
              {item.name ? <h3 className={styles.cardTitle}>{item.name}</h3> : null}
              <RichText className={styles.prose} value={item.description} />
              {item.url ? (
                <SafeLink href={item.url} newTab className={styles.link}>
                  View the project
                </SafeLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Experience({ section, anchorId }: SectionViewProps<'experience'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ol className={styles.timeline}>
        {section.items.map((item) => (
          <li key={item.id} className={styles.entry} data-item-id={item.id}>
            {item.position || item.name ? (
              <h3 className={styles.cardTitle}>{[item.position, item.name].filter((part) => part.trim()).join(' · ')}</h3>
            ) : null}
            {dates(item.startDate, item.endDate) ? <p className={styles.meta}>{dates(item.startDate, item.endDate)}</p> : null}
            <RichText className={styles.prose} value={item.summary} />
            {item.url ? (
              <SafeLink href={item.url} newTab className={styles.link}>
                {item.url.replace(/^https?:\/\//i, '')}
              </SafeLink>
            ) : null}
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}

function Education({ section, anchorId }: SectionViewProps<'education'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ol className={styles.timeline}>
        {section.items.map((item) => (
          <li key={item.id} className={styles.entry} data-item-id={item.id}>
            {item.institution ? <h3 className={styles.cardTitle}>{item.institution}</h3> : null}
            {[item.studyType, item.area].some((part) => part.trim()) ? (
              <p className={styles.lead}>{[item.studyType, item.area].filter((part) => part.trim()).join(', ')}</p>
            ) : null}
            {dates(item.startDate, item.endDate) ? <p className={styles.meta}>{dates(item.startDate, item.endDate)}</p> : null}
            <RichText className={styles.prose} value={item.summary} />
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}

function Skills({ section, anchorId }: SectionViewProps<'skills'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.chips}>
        {section.items.map((item) => (
          <li key={item.id} className={styles.chip} data-item-id={item.id}>
            {item.name}
            {item.level.trim() ? <span className={styles.level}> · {item.level}</span> : null}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Highlights({ section, anchorId }: SectionViewProps<'highlights'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.cards}>
        {section.items.map((item) => (
          <li key={item.id} className={styles.card} data-item-id={item.id}>
            <Picture value={item.image} alt="" />
            <div className={styles.cardText}>
              {item.title ? <h3 className={styles.cardTitle}>{item.title}</h3> : null}
              <RichText className={styles.prose} value={item.description} />
            </div>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Products({ section, anchorId }: SectionViewProps<'products'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.cards}>
        {shownItems(section).map((item) => (
          <li key={item.id} className={styles.card} data-item-id={item.id}>
            {item.image.trim() ? (
              <Picture value={item.image} alt={item.name ? `${item.name}, product photo` : 'Product photo'} />
            ) : (
              <ProductPlaceholder />
            )}
            <div className={styles.cardText}>
              {item.name ? <h3 className={styles.cardTitle}>{item.name}</h3> : null}
              <ProductPrice product={item} className={styles.price} />
              <RichText className={styles.prose} value={item.description} />
              <ProductOrder product={item} buttonClassName={styles.button} />
              {item.url ? (
                <SafeLink href={item.url} newTab className={styles.link}>
                  More about it<span className={styles.visuallyHidden}> (opens in a new tab)</span>
                </SafeLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Gallery({ section, anchorId }: SectionViewProps<'gallery'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.gallery}>
        {section.items.map((item) => (
          <li key={item.id} data-item-id={item.id}>
            <figure className={styles.figure}>
              <Picture value={item.image} alt={item.caption} className={styles.galleryPicture} />
              {item.caption.trim() ? <figcaption className={styles.meta}>{item.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Testimonials({ section, anchorId }: SectionViewProps<'testimonials'>) {
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.quotes}>
        {section.items.map((item) => (
          <li key={item.id} data-item-id={item.id}>
            <figure className={styles.quote}>
              <blockquote className={styles.quoteText}>
                <RichText value={item.reference} />
              </blockquote>
              {item.name.trim() || item.role.trim() ? (
                <figcaption className={styles.meta}>{[item.name, item.role].filter((part) => part.trim()).join(', ')}</figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

function Contact({ section, anchorId }: SectionViewProps<'contact'>) {
  const target = usePageMessages();
  const messages = useHoldsMessageForm(section.id) ? target : null;
  return (
    <SectionFrame section={section} anchorId={anchorId}>
      <ul className={styles.contacts}>
        {section.items.map((item) => (
          <li key={item.id} data-item-id={item.id}>
            <SafeLink href={item.url} newTab={/^https?:/i.test(item.url.trim())} className={styles.button}>
              {item.label.trim() || item.url.replace(/^(mailto:|tel:|https?:\/\/)/i, '')}
            </SafeLink>
          </li>
        ))}
      </ul>
      {messages ? <PageMessageForm {...messages} className={styles.messageForm} /> : null}
    </SectionFrame>
  );
}

function Text({ section, anchorId }: SectionViewProps<'text'>) {
  return <SectionFrame section={section} anchorId={anchorId} />;
}

export const FALLBACK_VIEWS = {
  projects: Projects,
  experience: Experience,
  education: Education,
  skills: Skills,
  highlights: Highlights,
  products: Products,
  gallery: Gallery,
  testimonials: Testimonials,
  contact: Contact,
  text: Text,
} as const;
