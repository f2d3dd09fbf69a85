import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@folioforge/shared';
import { AssetUrlsProvider, fileSlotsOf, isStorageRef } from '@folioforge/templates';
import type { PortfolioRow } from '../../portfolios/portfolioApi';
import { signedUrlsFor } from '../../portfolios/portfolioFiles';
import { contentOf } from '../../templates/templateCatalog';
import styles from './Portfolios.module.scss';

/** Signed URLs for the pictures the list's thumbnails show (one request per bucket for all of them). */
export function useThumbnailUrls(userId: string, rows: readonly PortfolioRow[] | undefined): Readonly<Record<string, string>> {
  const refs = [
    ...new Set(
      (rows ?? []).flatMap((row) =>
        fileSlotsOf(row.data).flatMap(({ value, kind }) => (kind === 'image' && isStorageRef(value) ? [value] : [])),
      ),
    ),
  ].sort();
  const query = useQuery({
    queryKey: ['portfolio-thumbnails', userId, refs],
    queryFn: () => signedUrlsFor(getSupabase(), userId, refs),
    enabled: refs.length > 0,
    staleTime: 30 * 60 * 1000,
  });
  return query.data ?? {};
}

// React 18 has no `inert` prop; the attribute keeps the page's links out of the tab order.
const makeInert = (node: HTMLDivElement | null) => node?.setAttribute('inert', '');

/**
 * A portfolio's page, drawn small: a picture to the user (inert, named as one), so the list shows
 * which portfolio is which at a glance.
 */
export const Thumbnail = memo(function Thumbnail({
  row,
  title,
  urls,
}: {
  row: PortfolioRow;
  title: string;
  urls: Readonly<Record<string, string>>;
}) {
  const { Page } = contentOf(row.templateId);
  return (
    <div className={styles.thumbnail} role="img" aria-label={`Picture of ${title}: the top of its page`}>
      <div className={styles.thumbnailPage} aria-hidden="true" ref={makeInert}>
        <AssetUrlsProvider urls={urls}>
          <Page portfolio={row.data} />
        </AssetUrlsProvider>
      </div>
    </div>
  );
});
