// My portfolios signed in (fakeAccount.ts: the real supabase-js against a small PostgREST): a
// published page shows its views of the last 30 days and the sites that sent them; a draft shows none.
import { act, screen, waitFor, within } from '@testing-library/react';
import Portfolios from './Portfolios';
import { installObjectUrls, installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount } from '../../testing/fakeAccount';
import { getTemplate } from '@folioforge/templates';

const sample = (id: number) => getTemplate(id)!.sample;

let account: FakeAccount;

beforeEach(() => {
  installTestRuntimeConfig();
  installObjectUrls();
  account = signInFakeAccount();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  signOutFakeAccount();
  jest.restoreAllMocks();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a published page shows its views per day and top referrers, loaded apart from the screen; a draft shows none', async () => {
  const published = account.addRow({ template_id: '1', title: 'Live page', data: sample(1), published: true, slug: 'asha' });
  account.addRow({ template_id: '2', title: 'Still a draft', data: sample(2) });
  account.pageViews.push(
    { portfolio_id: published.id, day: today(), views: 3 },
    { portfolio_id: published.id, day: daysAgo(2), views: 2 },
    // Older than the window: not shown.
    { portfolio_id: published.id, day: daysAgo(45), views: 9 },
  );
  account.referrers.push({ referrer: 'news.example.com', views: 2 });
  renderAt('/portfolios', <Portfolios />);

  const views = await screen.findByRole('region', { name: 'Views of Live page' });
  const chart = await within(views).findByRole('figure', { name: '5 views of /p/asha in the last 30 days' });
  const byDay = within(chart).getByRole('table', { name: 'Views of /p/asha by day' });
  expect(within(byDay).getAllByRole('row')).toHaveLength(31);
  expect(within(byDay).getAllByRole('row').at(-1)).toHaveTextContent(/3$/);
  expect(within(chart).getByRole('list')).toHaveTextContent('news.example.com 2 views');
  expect(screen.queryByRole('region', { name: 'Views of Still a draft' })).toBeNull();
  expect(account.requests).toEqual(expect.arrayContaining(['GET /rest/v1/page_view_days', 'POST /rest/v1/rpc/top_page_referrers']));
  expect(account.requests.filter((request) => request === 'GET /rest/v1/page_view_days')).toHaveLength(1);
});

test("views of a published page, and another tab's new portfolio, arrive on the open list without a reload", async () => {
  const published = account.addRow({ template_id: '1', title: 'Live page', data: sample(1), published: true, slug: 'asha' });
  account.addRow({ template_id: '2', title: 'Still a draft', data: sample(2) });
  account.pageViews.push({ portfolio_id: published.id, day: today(), views: 3 });
  renderAt('/portfolios', <Portfolios />);
  const views = await screen.findByRole('region', { name: 'Views of Live page' });
  await within(views).findByRole('figure', { name: '3 views of /p/asha in the last 30 days' });

  const topic = `my-portfolios:${account.userId}`;
  await waitFor(() => expect(account.realtime.open(topic).filter((channel) => channel.joined)).toHaveLength(1));
  // The user's portfolios, and views of the published ones only.
  expect(account.realtime.open(topic)[0]!.changes).toEqual([
    { event: '*', schema: 'public', table: 'portfolios', filter: `owner_id=eq.${account.userId}` },
    { event: '*', schema: 'public', table: 'page_view_days', filter: `portfolio_id=in.(${published.id})` },
  ]);

  account.pageViews[0]!.views = 4;
  act(() => account.realtime.change('page_view_days', 'UPDATE', { ...account.pageViews[0]! }));
  expect(await within(views).findByRole('figure', { name: '4 views of /p/asha in the last 30 days' })).toBeInTheDocument();

  const made = account.addRow({ template_id: '3', title: 'Made on the phone', data: sample(3) });
  act(() => account.realtime.change('portfolios', 'INSERT', { ...made }));
  expect(await screen.findByText('Made on the phone')).toBeInTheDocument();
});
