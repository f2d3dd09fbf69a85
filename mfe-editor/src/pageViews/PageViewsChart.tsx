// A page's views in the last 30 days, small enough for a card on My portfolios: bars for the eye, a
// caption with the total, the same figures as a table for a screen reader or anyone who opens it,
// and the sites that sent the most visitors. Counted without cookies (tooling/pageViews.mjs).
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dateFormatter, getSupabase } from '@folioforge/shared';
import { pageViewsQuery, type PageViewSummary } from './pageViewsQuery';
import styles from './PageViewsChart.module.scss';

const WIDTH = 300;
const HEIGHT = 60;
const dayLabel = dateFormatter('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (day: string) => dayLabel(`${day}T00:00:00Z`);
const views = (count: number) => `${count} ${count === 1 ? 'view' : 'views'}`;

export function PageViewsChart({ summary, pageName }: { summary: PageViewSummary; pageName: string }) {
  const captionId = useId();
  const most = Math.max(1, ...summary.days.map((day) => day.views));
  const slot = WIDTH / summary.days.length;
  const first = summary.days[0]?.day;
  const last = summary.days[summary.days.length - 1]?.day;
  return (
    <figure className={styles.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {views(summary.total)} of {pageName} in the last {summary.days.length} days
      </figcaption>
      <svg className={styles.bars} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className={styles.axis} />
        {summary.days.map((day, index) => {
          const height = day.views === 0 ? 0 : Math.max(2, (day.views / most) * (HEIGHT - 4));
          return (
            <rect
              key={day.day}
              x={index * slot + 1}
              y={HEIGHT - height}
              width={Math.max(1, slot - 2)}
              height={height}
              className={styles.bar}
            >
              <title>{`${label(day.day)}: ${views(day.views)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className={styles.range} aria-hidden="true">
          <span>{label(first)}</span>
          <span>{label(last)}</span>
        </div>
      ) : null}
      <details className={styles.details}>
        <summary>Views by day</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">Views of {pageName} by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {summary.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{label(day.day)}</time>
                </th>
                <td>{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {summary.pages.some((page) => page.page !== '') ? (
        <>
          <h4 className={styles.subheading}>Views by page</h4>
          <ol className={styles.referrers}>
            {summary.pages.map((page) => (
              <li key={page.page}>
                <span className={styles.host}>{page.page === '' ? 'Home' : `/${page.page}/`}</span> {views(page.views)}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {summary.referrers.length > 0 ? (
        <>
          <h4 className={styles.subheading}>Top referring sites</h4>
          <ol className={styles.referrers}>
            {summary.referrers.map((referrer) => (
              <li key={referrer.host}>
                <span className={styles.host}>{referrer.host}</span> {views(referrer.views)}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className={styles.note}>No visitor came from a link on another site yet.</p>
      )}
    </figure>
  );
}

/** The chart of one published page, loading its figures. */
export function PageViews({ portfolioId, pageName }: { portfolioId: string; pageName: string }) {
  const query = useQuery(pageViewsQuery(getSupabase(), portfolioId));
  if (query.isPending) return <p role="status">Loading views…</p>;
  if (query.isError)
    return (
      <p role="alert" className={styles.note}>
        Views could not be loaded: {query.error.message}{' '}
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  return <PageViewsChart summary={query.data} pageName={pageName} />;
}
