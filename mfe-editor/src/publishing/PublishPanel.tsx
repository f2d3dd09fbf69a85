import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TextField } from '@folioforge/templates';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADDRESS_HOLD_DAYS,
  Button,
  dateFormatter,
  entitlementsQuery,
  publicPagePath,
  saveDownload,
  slugFromTitle,
  slugProblem,
} from '@folioforge/shared';
import { GetTemplateButton } from '../commerce/GetTemplateButton';
import type { PortfolioRow } from '../portfolios/portfolioApi';
import { usePortfolio } from '../portfolios/queries';
import { patchRow } from '../portfolios/savedRows';
import { templateDefinition, toTemplateId } from '../templates/templateCatalog';
import { BrandKitDownload } from './BrandKitDownload';
import { PageLookFields } from './PageLookFields';
import { SitePasswordFields } from './SitePasswordFields';
import {
  addressHeldUntil,
  exportPortfolio,
  exportPortfolioData,
  isSlugAvailable,
  PublishError,
  publishPortfolio,
  unpublishPortfolio,
  type PublishedPage,
} from './publishApi';
import styles from './PublishPanel.module.scss';

const holdDate = dateFormatter('en-IN', { dateStyle: 'long' });

/** Typing pauses this long before the address is checked with the server. */
export const SLUG_CHECK_DELAY_MS = 350;

type Availability = 'unchecked' | 'checking' | 'available' | 'unavailable' | 'held' | 'unknown';
/** An address as checked: held addresses say until when (an ISO time). */
type CheckedAddress = { availability: Exclude<Availability, 'held'> } | { availability: 'held'; heldUntil: string };
type Busy = 'publish' | 'unpublish' | 'export' | 'export-data' | undefined;

export interface PublishPanelProps {
  userId: string;
  portfolioId: string;
  /** Runs before publishing or exporting (the editor saves what is on screen first: the server renders the saved row). */
  prepare?: () => Promise<void>;
  /** The name on the page now, for the first address suggested (else the portfolio's title). */
  suggestedName?: () => string;
  /** The fields on the page that still hold sample text: publishing asks first while there are any. */
  sampleText?: () => readonly TextField[];
}

/** How many sample fields the question before publishing names; the rest are counted. */
const SAMPLE_LISTED = 8;

/** A sample value as one short line (rich text without its tags). */
const plainSample = (value: string) => {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** How many addresses are tried ("ada-lovelace", "ada-lovelace-2" …) before the owner is left to choose. */
const SUGGESTION_TRIES = 5;

/**
 * An address that is free, made from a name: the name's own, else with a number after it. Undefined
 * when none of the first few is free (or the name makes none).
 */
async function freeAddressFrom(name: string, portfolioId: string): Promise<string | undefined> {
  const base = slugFromTitle(name).slice(0, 36).replace(/-+$/g, '');
  if (slugProblem(base)) return undefined;
  for (let n = 1; n <= SUGGESTION_TRIES; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (await isSlugAvailable(candidate, portfolioId).catch(() => false)) return candidate;
  }
  return undefined;
}

/** The first address the panel offers: one that is free, from the name, when the page has none yet. */
function useSuggestedAddress(row: PortfolioRow | undefined, suggestedName: (() => string) | undefined): string | undefined {
  const [suggestion, setSuggestion] = useState<string | undefined>(undefined);
  const needed = Boolean(row) && !row?.slug;
  const portfolioId = row?.id;
  const title = row?.title ?? '';
  useEffect(() => {
    if (!needed || !portfolioId) return;
    let current = true;
    void freeAddressFrom(suggestedName?.().trim() || title, portfolioId).then((free) => {
      if (current && free) setSuggestion(free);
    });
    return () => {
      current = false;
    };
    // Once per portfolio: the owner's own typing takes over from there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, portfolioId]);
  return suggestion;
}

/** Whether an address is free, and if not whether it is held for its former owner (and until when). */
async function checkAddress(slug: string, portfolioId: string): Promise<CheckedAddress> {
  if (await isSlugAvailable(slug, portfolioId)) return { availability: 'available' };
  const heldUntil = await addressHeldUntil(slug);
  return heldUntil ? { availability: 'held', heldUntil } : { availability: 'unavailable' };
}

/** Where the address is checked as the owner types: its form here, availability by the database. */
function useAvailability(slug: string, portfolioId: string, enabled: boolean): CheckedAddress {
  const [checked, setChecked] = useState<CheckedAddress>({ availability: 'unchecked' });
  useEffect(() => {
    if (!enabled || slugProblem(slug)) {
      setChecked({ availability: 'unchecked' });
      return;
    }
    setChecked({ availability: 'checking' });
    let current = true;
    const timer = setTimeout(() => {
      checkAddress(slug, portfolioId).then(
        (answer) => current && setChecked(answer),
        () => current && setChecked({ availability: 'unknown' }),
      );
    }, SLUG_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [enabled, portfolioId, slug]);
  return checked;
}

/**
 * Publish, update, unpublish and download a portfolio kept in the account: the owner picks the page's
 * address (/p/<slug>), checked as they type; the server renders the page from the saved row.
 */
export function PublishPanel({ userId, portfolioId, prepare, suggestedName, sampleText }: PublishPanelProps) {
  const query = usePortfolio(userId, portfolioId);
  const row = query.data;
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<Busy>(undefined);
  const [done, setDone] = useState<{ message: string; page?: PublishedPage } | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  /**
   * Why publishing or the site's download was refused: a paid template neither bought nor in a plan.
   * Said under the buttons, with the way to buy it.
   */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  // A checkout, here or in another remote, refreshes what the account holds (invalidateBilling): a
  // refusal from before it no longer holds, and the owner tries again.
  const entitlements = useQuery(entitlementsQuery(userId)).data;
  useEffect(() => setRefusal(undefined), [entitlements]);
  // The way to buy stays once offered: its checkout says there how the payment went.
  const [offerCheckout, setOfferCheckout] = useState(false);
  const headingId = useId();
  const inputId = useId();
  /** The sample text found as Publish was pressed, until the owner publishes it all the same or goes back to it. */
  const [stillSample, setStillSample] = useState<readonly TextField[] | undefined>(undefined);
  const sampleHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stillSample) sampleHeadingRef.current?.focus();
  }, [stillSample]);

  const suggested = useSuggestedAddress(row, suggestedName);
  // The address starts as the one the portfolio has, or a free one made from the name on the page.
  const typed = slug ?? row?.slug ?? suggested ?? slugFromTitle(suggestedName?.() || row?.title || '');
  const formProblem = typed ? slugProblem(typed) : undefined;
  const unchanged = Boolean(row?.slug) && typed === row?.slug;
  const checked = useAvailability(typed, portfolioId, Boolean(row) && !unchanged);
  const { availability } = checked;
  const published = row?.published ?? false;

  const updateRow = (change: Partial<PortfolioRow>) => patchRow(queryClient, userId, portfolioId, change);

  const run = async (kind: Exclude<Busy, undefined>, work: () => Promise<void>) => {
    setBusy(kind);
    setProblem(undefined);
    setRefusal(undefined);
    setDone(undefined);
    try {
      await work();
    } catch (error) {
      // The page and the site of a template are had on the same terms: say so, and what to do.
      if (error instanceof PublishError && error.status === 403) {
        setRefusal(error.message);
        setOfferCheckout(true);
      } else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  };

  const publish = (event?: FormEvent, { withSample = false }: { withSample?: boolean } = {}) => {
    event?.preventDefault();
    if (!typed || formProblem || availability === 'unavailable' || availability === 'held') return;
    const sample = sampleText?.() ?? [];
    if (sample.length && !withSample) {
      setDone(undefined);
      setStillSample(sample);
      return;
    }
    setStillSample(undefined);
    void run('publish', async () => {
      await prepare?.();
      const page = await publishPortfolio(portfolioId, typed);
      updateRow({ published: true, slug: page.slug });
      setSlug(undefined);
      setDone({ message: published ? 'Your page is updated.' : 'Your page is published.', page });
    });
  };

  const unpublish = () =>
    void run('unpublish', async () => {
      const freed = await unpublishPortfolio(portfolioId);
      updateRow({ published: false, slug: null });
      // The field keeps the address, to publish at it again while it is held for this owner.
      if (freed) setSlug(freed);
      setDone({
        message: `Your page is taken down. Its address stays yours for ${ADDRESS_HOLD_DAYS} days: publish again by then to keep it; after that anyone may take it.`,
      });
    });

  const download = () =>
    void run('export', async () => {
      await prepare?.();
      const { file, fileName } = await exportPortfolio(portfolioId);
      saveDownload(file, fileName);
      setDone({ message: `Downloaded ${fileName}.` });
    });

  const downloadData = () =>
    void run('export-data', async () => {
      await prepare?.();
      const { file, fileName } = await exportPortfolioData(portfolioId);
      saveDownload(file, fileName);
      setDone({ message: `Downloaded ${fileName}.` });
    });

  if (!row) {
    return query.isError ? (
      <section className={styles.panel} aria-label="Publish">
        <p role="alert">Publishing is unavailable: {query.error.message}</p>
      </section>
    ) : null;
  }

  const hint =
    formProblem ??
    (unchanged
      ? undefined
      : {
          unchecked: undefined,
          checking: 'Checking…',
          available: 'This address is free.',
          unavailable: 'This address is taken or reserved. Choose another.',
          held:
            checked.availability === 'held'
              ? `This address is held for its former owner until ${holdDate(checked.heldUntil)}. Choose another.`
              : undefined,
          unknown: 'The address could not be checked; publishing will tell.',
        }[availability]);
  const invalid = Boolean(formProblem) || availability === 'unavailable' || availability === 'held';
  const liveUrl = published && row.slug ? `${window.location.origin}${publicPagePath(row.slug)}` : undefined;
  const paidTemplate = toTemplateId(row.templateId);

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Publish
      </h3>
      <p className={styles.state}>
        {liveUrl ? (
          <>
            Live at{' '}
            <a href={liveUrl} target="_blank" rel="noopener noreferrer">
              {liveUrl}
            </a>
          </>
        ) : (
          'Not published: only you can see this portfolio.'
        )}
      </p>
      <form className={styles.form} onSubmit={publish} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          Page address
        </label>
        <div className={styles.address}>
          <span className={styles.prefix} aria-hidden="true">
            {window.location.host}/p/
          </span>
          <input
            id={inputId}
            className={styles.input}
            value={typed}
            onChange={(event) => setSlug(event.target.value.toLowerCase())}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-hint`}
          />
        </div>
        <p id={`${inputId}-hint`} className={invalid ? styles.error : styles.hint} aria-live="polite">
          {hint ?? 'Lowercase letters, digits and dashes, 3 to 40 long.'}
        </p>
        <div className={styles.buttons}>
          <Button type="submit" disabled={Boolean(busy) || !typed || invalid} busy={busy === 'publish'}>
            {busy === 'publish' ? 'Publishing…' : published ? 'Publish changes' : 'Publish'}
          </Button>
          {published ? (
            <Button variant="secondary" onClick={unpublish} disabled={Boolean(busy)} busy={busy === 'unpublish'}>
              {busy === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={download} disabled={Boolean(busy)} busy={busy === 'export'}>
            {busy === 'export' ? 'Preparing…' : 'Download site (.zip)'}
          </Button>
          <Button variant="ghost" onClick={downloadData} disabled={Boolean(busy)} busy={busy === 'export-data'}>
            {busy === 'export-data' ? 'Preparing…' : 'Download data (portfolio.json)'}
          </Button>
        </div>
        {row.data.site?.protected || row.data.pages?.some((page) => page.protected) ? (
          <p className={styles.hint}>
            The site’s zip is not protected by its password: anyone who has the files, or wherever you put them, sees every page, those
            behind the password too.
          </p>
        ) : null}
      </form>
      {stillSample ? (
        <div className={styles.refusal} aria-labelledby={`${headingId}-sample`} role="group">
          <h4 id={`${headingId}-sample`} ref={sampleHeadingRef} tabIndex={-1} className={styles.sampleHeading}>
            Still sample text on your page
          </h4>
          <p>These fields hold the template&apos;s sample, not your words. Visitors would see:</p>
          <ul className={styles.sampleList}>
            {stillSample.slice(0, SAMPLE_LISTED).map((field) => (
              <li key={field.path}>
                <strong>{field.place}</strong>: {plainSample(field.value)}
              </li>
            ))}
            {stillSample.length > SAMPLE_LISTED ? <li>and {stillSample.length - SAMPLE_LISTED} more</li> : null}
          </ul>
          <div className={styles.buttons}>
            <Button onClick={() => setStillSample(undefined)}>Keep editing</Button>
            <Button variant="secondary" onClick={() => publish(undefined, { withSample: true })}>
              Publish with the sample text
            </Button>
          </div>
        </div>
      ) : null}
      {/* What came of a press, right under the buttons (outside the form: the checkout's buttons must not submit it). */}
      <div role="status" className={styles.result}>
        {done ? (
          <p>
            {done.message}{' '}
            {done.page ? (
              <a href={done.page.url} target="_blank" rel="noopener noreferrer">
                Open your page
              </a>
            ) : null}
            {done.page?.badge ? ' It shows a small “Made with FolioForge” badge; any plan removes it.' : null}
          </p>
        ) : null}
      </div>
      {offerCheckout ? (
        <div role={refusal ? 'alert' : undefined} className={styles.refusal}>
          {refusal ? <p>{refusal}</p> : null}
          <div className={styles.buttons}>
            {paidTemplate ? <GetTemplateButton templateId={paidTemplate} label={templateDefinition(paidTemplate).getButtonLabel} /> : null}
            <Link to="/pricing">See the plans</Link>
          </div>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <PageLookFields userId={userId} row={row} />
      <SitePasswordFields userId={userId} portfolioId={portfolioId} published={row.published} />
      <BrandKitDownload userId={userId} portfolioId={portfolioId} prepare={prepare} />
    </section>
  );
}

export default PublishPanel;
