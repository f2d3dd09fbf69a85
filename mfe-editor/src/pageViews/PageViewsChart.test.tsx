import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { setSupabase } from '@folioforge/shared';
import { PageViews, PageViewsChart } from './PageViewsChart';
import { fillDays, lastDays, pageViewsQuery, type PageViewSummary } from './pageViewsQuery';

const TODAY = new Date('2026-06-10T22:30:00+05:30'); // 17:00 UTC on 10 June

/** A supabase-js look-alike answering the three reads the query makes, recording what was asked. */
function fakeClient(
  rows: { day: string; views: number }[],
  referrers: { referrer: string; views: number }[],
  failures = 0,
  pages: { page: string; views: number }[] = [],
) {
  const asked: unknown[] = [];
  let failing = failures;
  const chainOf = (table: string) => {
    const chain = {
      select: (...args: unknown[]) => (asked.push(['select', ...args]), chain),
      eq: (...args: unknown[]) => (asked.push(['eq', ...args]), chain),
      gte: (...args: unknown[]) => (
        asked.push(['gte', ...args]),
        // The per-page read ends here; the days' read goes on to its order.
        table === 'page_view_pages' ? Promise.resolve({ data: pages, error: null }) : chain
      ),
      order: (...args: unknown[]) => (
        asked.push(['order', ...args]),
        Promise.resolve(failing-- > 0 ? { data: null, error: { message: 'offline' } } : { data: rows, error: null })
      ),
    };
    return chain;
  };
  const client = {
    from: (table: string) => (asked.push(['from', table]), chainOf(table)),
    rpc: (name: string, args: unknown) => (asked.push(['rpc', name, args]), Promise.resolve({ data: referrers, error: null })),
  };
  return { client: client as unknown as SupabaseClient, asked };
}

test('the window is the 30 days to today in UTC, every day present', () => {
  const days = lastDays(TODAY);
  expect(days).toHaveLength(30);
  expect([days[0], days[29]]).toEqual(['2026-05-12', '2026-06-10']);
  expect(fillDays([{ day: '2026-06-09', views: 4 }], days).slice(-3)).toEqual([
    { day: '2026-06-08', views: 0 },
    { day: '2026-06-09', views: 4 },
    { day: '2026-06-10', views: 0 },
  ]);
});

test("the query reads the page's days since the window opened, its top referrers and its views per page", async () => {
  const { client, asked } = fakeClient(
    [
      { day: '2026-06-10', views: 3 },
      { day: '2026-05-20', views: 2 },
    ],
    [{ referrer: 'news.example.com', views: 4 }],
    0,
    [
      { page: 'projects', views: 1 },
      { page: '', views: 2 },
      { page: 'projects', views: 2 },
    ],
  );
  const options = pageViewsQuery(client, 'page-1', () => TODAY);
  expect(options.queryKey).toEqual(['page-views', 'page-1']);
  const summary = await options.queryFn!({} as never);
  expect(summary.total).toBe(5);
  expect(summary.days).toHaveLength(30);
  expect(summary.referrers).toEqual([{ host: 'news.example.com', views: 4 }]);
  expect(summary.pages).toEqual([
    { page: 'projects', views: 3 },
    { page: '', views: 2 },
  ]);
  expect(asked).toContainEqual(['from', 'page_view_days']);
  expect(asked).toContainEqual(['from', 'page_view_pages']);
  expect(asked).toContainEqual(['eq', 'portfolio_id', 'page-1']);
  expect(asked).toContainEqual(['gte', 'day', '2026-05-12']);
  expect(asked).toContainEqual(['rpc', 'top_page_referrers', { page: 'page-1', since: '2026-05-12', how_many: 5 }]);
});

const SUMMARY: PageViewSummary = {
  days: fillDays(
    [
      { day: '2026-06-09', views: 1 },
      { day: '2026-06-10', views: 2 },
    ],
    lastDays(TODAY),
  ),
  total: 3,
  referrers: [{ host: 'news.example.com', views: 1 }],
  pages: [{ page: '', views: 3 }],
};

test('the chart says the total, draws a bar per day for the eye and gives the same figures as a table', async () => {
  const { container } = render(<PageViewsChart summary={SUMMARY} pageName="Ada’s Studio" />);
  expect(screen.getByRole('figure', { name: '3 views of Ada’s Studio in the last 30 days' })).toBeInTheDocument();
  const svg = container.querySelector('svg')!;
  expect(svg).toHaveAttribute('aria-hidden', 'true');
  expect(svg.querySelectorAll('rect')).toHaveLength(30);
  expect(svg.querySelectorAll('rect[height="0"]')).toHaveLength(28);
  expect(Number(svg.querySelectorAll('rect')[29]!.getAttribute('height'))).toBeGreaterThan(
    Number(svg.querySelectorAll('rect')[28]!.getAttribute('height')),
  );
  await userEvent.click(screen.getByText('Views by day'));
  const table = screen.getByRole('table', { name: 'Views of Ada’s Studio by day' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(31);
  expect(within(rows[30]!).getByRole('rowheader')).toHaveTextContent('10 Jun');
  expect(within(rows[30]!).getByRole('cell')).toHaveTextContent('2');
  expect(within(screen.getByRole('list')).getByRole('listitem')).toHaveTextContent('news.example.com 1 view');
  expect(screen.queryByRole('heading', { name: 'Views by page' })).toBeNull();
});

test("a site of several pages lists each page's views", () => {
  const pages = [
    { page: 'projects', views: 2 },
    { page: '', views: 1 },
  ];
  render(<PageViewsChart summary={{ ...SUMMARY, pages }} pageName="Ada" />);
  const list = screen.getByRole('heading', { name: 'Views by page' }).nextElementSibling as HTMLElement;
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['/projects/ 2 views', 'Home 1 view']);
});

test('no views yet reads as such; no referrer is said plainly', () => {
  render(<PageViewsChart summary={{ days: fillDays([], lastDays(TODAY)), total: 0, referrers: [], pages: [] }} pageName="Grace" />);
  expect(screen.getByRole('figure', { name: '0 views of Grace in the last 30 days' })).toBeInTheDocument();
  expect(screen.getByText('No visitor came from a link on another site yet.')).toBeInTheDocument();
});

test('the card loads its figures, and offers to try again when they fail', async () => {
  // The first read fails (offline), the next one answers.
  setSupabase(fakeClient([{ day: lastDays(new Date())[29]!, views: 7 }], [], 1).client);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <PageViews portfolioId="page-1" pageName="Ada" />
    </QueryClientProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Loading views…');
  expect(await screen.findByRole('alert')).toHaveTextContent('Views could not be loaded: offline');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('figure', { name: '7 views of Ada in the last 30 days' })).toBeInTheDocument();
});
