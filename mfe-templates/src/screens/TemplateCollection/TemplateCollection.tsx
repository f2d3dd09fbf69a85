import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, designNavigationState, EMPTY_DETAILS, formatInr, type DetailsValues, type TemplateId } from '@folioforge/shared';
import { CATALOG, type CatalogEntry } from './catalog';
import { DetailsDialog } from './DetailsDialog/DetailsDialog';
import styles from './TemplateCollection.module.scss';

/** /templates: the four templates, each with Use Template and the details popup. */
export default function TemplateCollection() {
  const navigate = useNavigate();
  // Popup values per template live here, so they survive closing and reopening the popup.
  const [details, setDetails] = useState<Partial<Record<TemplateId, DetailsValues>>>({});
  const [dialogFor, setDialogFor] = useState<CatalogEntry | null>(null);

  const openDesign = (template: CatalogEntry, details?: DetailsValues) => {
    navigate('/design', { state: designNavigationState(template.id, details) });
  };

  // A plain box: the shell's <main> already holds every screen, and a page has one main landmark.
  return (
    <div className={styles.screen}>
      <header className={styles.intro}>
        <h1>Template Collection</h1>
        <p>Pick a template, fill it in beside a live preview, and make it yours.</p>
      </header>
      <ul className={styles.grid}>
        {CATALOG.map((template, index) => (
          <li key={template.id}>
            <TemplateCard
              template={template}
              first={index === 0}
              onUse={() => openDesign(template)}
              onEnterDetails={() => setDialogFor(template)}
            />
          </li>
        ))}
      </ul>
      {dialogFor ? (
        <DetailsDialog
          templateName={dialogFor.name}
          values={details[dialogFor.id] ?? EMPTY_DETAILS}
          onChange={(values) => setDetails((all) => ({ ...all, [dialogFor.id]: values }))}
          onClose={() => setDialogFor(null)}
          onSubmit={(values) => openDesign(dialogFor, values)}
        />
      ) : null}
    </div>
  );
}

interface TemplateCardProps {
  template: CatalogEntry;
  /** The first card's main picture is the page's largest paint: fetched at once, before the rest. */
  first: boolean;
  onUse: () => void;
  onEnterDetails: () => void;
}

/** How the main picture loads: the first card's at once and first (lowercase: React 18 passes it on as is). */
const FIRST_PICTURE = { loading: 'eager', fetchpriority: 'high' } as const;
const LATER_PICTURE = { loading: 'lazy' } as const;

function TemplateCard({ template, first, onUse, onEnterDetails }: TemplateCardProps) {
  const headingId = useId();
  const [main, ...thumbs] = template.pictures;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.pictures}>
        {main ? (
          <img
            className={styles.mainPicture}
            src={main.src}
            alt={main.alt}
            width={800}
            height={500}
            decoding="async"
            {...(first ? FIRST_PICTURE : LATER_PICTURE)}
          />
        ) : (
          <LivePreview template={template} />
        )}
        <div className={styles.thumbs}>
          {thumbs.map((picture, index) => (
            <img key={index} src={picture.src} alt={picture.alt} width={800} height={500} loading="lazy" decoding="async" />
          ))}
        </div>
      </div>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.name}>
          {template.name}
        </h2>
        <p className={styles.use}>{template.description}</p>
        <p className={styles.price}>
          <span className={styles.visuallyHidden}>Price: </span>
          {formatInr(template.priceRupees * 100)}
        </p>
        <div className={styles.actions}>
          <Button onClick={onUse} aria-describedby={headingId}>
            Use Template
          </Button>
          <Button variant="secondary" onClick={onEnterDetails} aria-describedby={headingId} aria-haspopup="dialog">
            Enter details
          </Button>
        </div>
      </div>
    </article>
  );
}

/**
 * A template with no screenshots yet shows its real preview with the sample values, shrunk to the
 * picture's frame. It is a picture to the user: inert (no focus, no clicks) and named as one.
 */
// React 18 has no `inert` prop; the attribute keeps the preview's links out of the tab order.
const makeInert = (node: HTMLDivElement | null) => node?.setAttribute('inert', '');

function LivePreview({ template }: { template: CatalogEntry }) {
  const { Page } = template;
  return (
    <div className={styles.livePreview} role="img" aria-label={`${template.name} preview: the page with sample content`}>
      <div className={styles.livePreviewPage} aria-hidden="true" ref={makeInert}>
        <Page portfolio={template.sample} />
      </div>
    </div>
  );
}
