// The Blog screen signed in (fakeAccount.ts: the real supabase-js against a small PostgREST with the
// posts table, and the publish function's publish-post answer): the owner writes a post, saves it as a
// draft, publishes it or schedules it; a bad address is refused beside its field; a failed save keeps
// everything typed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTemplate } from '@folioforge/templates';
import Blog from './Blog';
import { installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../testing/editorTestKit';
import { photoOf } from '../testing/fakeImagePreparer';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount, type FakeRow } from '../testing/fakeAccount';

jest.mock('../images/loadImagePreparer', () => jest.requireActual('../testing/fakeImagePreparer'));

let account: FakeAccount;
let site: FakeRow;

beforeEach(() => {
  installTestRuntimeConfig();
  installObjectUrls();
  // supabase-js warns of a second client per test (each test signs in afresh).
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  account = signInFakeAccount();
  site = account.addRow({ template_id: '1', title: 'Meera’s Bakery', data: getTemplate(1)!.sample, published: true, slug: 'meera' });
});

afterEach(() => {
  signOutFakeAccount();
  jest.restoreAllMocks();
});

const openBlog = () => renderAt(`/design/blog?portfolio=${site.id}`, <Blog />);
const addressField = () => screen.getByRole('textbox', { name: 'Address' });

async function startNewPost(user: ReturnType<typeof userEvent.setup>, title: string) {
  openBlog();
  await user.click(await screen.findByRole('link', { name: 'New post' }));
  await user.type(await screen.findByRole('textbox', { name: 'Title' }), title);
}

test('a new post is saved as a draft, its address made from the title, and listed as a draft with its tags', async () => {
  const user = userEvent.setup();
  openBlog();
  expect(await screen.findByText(/No posts yet/)).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'New post' }));
  await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Rye & Spelt, week 2');
  expect(addressField()).toHaveValue('rye-spelt-week-2');
  await user.type(screen.getByRole('textbox', { name: 'Excerpt' }), 'Seven loaves.');
  await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'Rye & Spelt, bread, Bread ');
  expect(
    within(screen.getByRole('list', { name: 'Tags of this post' }))
      .getAllByRole('listitem')
      .map((tag) => tag.textContent),
  ).toEqual(['Rye & Spelt (blog/tag/rye-spelt/)', 'bread (blog/tag/bread/)']);
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  expect(await screen.findByText('Saved as a draft: it is not on your site.')).toBeInTheDocument();
  expect(account.posts).toEqual([
    expect.objectContaining({
      portfolio_id: site.id,
      slug: 'rye-spelt-week-2',
      title: 'Rye & Spelt, week 2',
      status: 'draft',
      tags: ['Rye & Spelt', 'bread'],
    }),
  ]);
  // A draft never on the site changes nothing there: the function is not asked.
  expect(account.functionActions).toEqual([]);

  await user.click(screen.getByRole('link', { name: 'All posts' }));
  const item = (await screen.findByRole('link', { name: 'Rye & Spelt, week 2' })).closest('li')!;
  expect(item).toHaveTextContent('Draft');
  expect(item).toHaveTextContent('Tags: Rye & Spelt, bread');
});

test('a bad, reserved or taken address shows its message beside the field and nothing is saved', async () => {
  account.posts.push({
    id: '10000000-0000-4000-8000-000000000099',
    portfolio_id: site.id,
    slug: 'first-loaf',
    title: 'First loaf',
    excerpt: '',
    body: '',
    cover: '',
    tags: [],
    status: 'draft',
    publish_at: null,
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const user = userEvent.setup();
  await startNewPost(user, 'Second loaf');
  const describedBy = () =>
    (addressField().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  await user.clear(addressField());
  await user.type(addressField(), 'Second Loaf!');
  expect(addressField()).toHaveAttribute('aria-invalid', 'true');
  expect(describedBy()).toContain('Address: use only lowercase letters, digits and dashes');

  await user.clear(addressField());
  await user.type(addressField(), 'feed');
  expect(describedBy()).toContain('Address: the blog uses that address itself');

  await user.clear(addressField());
  await user.type(addressField(), 'first-loaf');
  expect(describedBy()).toContain('Address: another post of this blog has this address');

  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The post was not saved: correct this field above: Address.');
  expect(addressField()).toHaveFocus();
  expect(account.requests).not.toContain('POST /rest/v1/portfolio_posts');

  await user.clear(addressField());
  await user.type(addressField(), 'second-loaf');
  expect(addressField()).not.toHaveAttribute('aria-invalid');
});

test('a refused post names the fields to correct, above its message, and the first of them takes the focus', async () => {
  const user = userEvent.setup();
  openBlog();
  await user.click(await screen.findByRole('link', { name: 'New post' }));
  await user.click(screen.getByRole('radio', { name: 'At a date and time' }));
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The post was not saved: correct these fields above: Title, Address, Date and time it goes live.',
  );
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  // Typed in, the title is right; the next refusal starts at the next field still wrong.
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Harvest day');
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(screen.getByRole('alert')).toHaveTextContent('The post was not saved: correct this field above: Date and time it goes live.');
  expect(screen.getByLabelText('Date and time it goes live')).toHaveFocus();
  expect(account.posts).toEqual([]);
});

test('Publish saves the post and asks the publish function to put it on the site', async () => {
  const user = userEvent.setup();
  await startNewPost(user, 'Rye week');
  await user.click(screen.getByRole('button', { name: 'Publish' }));

  const done = await screen.findByText(/^Published .*: it is on your site\./);
  expect(within(done.closest('[role="status"]')!).getByRole('link', { name: 'See it on your site' })).toHaveAttribute(
    'href',
    'http://sites.test/p/site/blog/rye-week/',
  );
  expect(account.functionActions).toEqual(['publish publish-post']);
  expect(account.posts[0]).toEqual(expect.objectContaining({ slug: 'rye-week', status: 'published' }));
  expect(Date.parse(account.posts[0]!.publish_at!)).toBeLessThanOrEqual(Date.now());
  // Once public, it is updated or taken down: no button leaves it as a draft by the way.
  expect(await screen.findByRole('button', { name: 'Update post' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Unpublish' }));
  expect(await screen.findByText('Saved as a draft: it is not on your site.')).toBeInTheDocument();
  expect(account.functionActions).toEqual(['publish publish-post', 'publish publish-post']);
  expect(account.posts[0]!.status).toBe('draft');
});

test('when the site cannot be updated, the saved post says so and Publish again updates the same post', async () => {
  const user = userEvent.setup();
  account.failing.push('POST /functions/v1/publish');
  await startNewPost(user, 'Rye week');
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Saved, but not yet on your site/);
  expect(screen.getByRole('textbox', { name: 'Address' })).not.toHaveAttribute('aria-invalid');

  account.failing.length = 0;
  await user.click(await screen.findByRole('button', { name: 'Update post' }));
  expect(await screen.findByText(/^Published .*: it is on your site\./)).toBeInTheDocument();
  expect(account.posts).toHaveLength(1);
});

test('a post published for a later time shows "Scheduled for" in the form and the list', async () => {
  const user = userEvent.setup();
  await startNewPost(user, 'Christmas bake');
  await user.click(screen.getByRole('radio', { name: 'At a date and time' }));
  fireEvent.change(screen.getByLabelText('Date and time it goes live'), { target: { value: '2099-12-24T09:30' } });
  await user.click(screen.getByRole('button', { name: 'Publish' }));

  expect(await screen.findByText(/^Scheduled for .*2099.*: it goes up on your site then\./)).toBeInTheDocument();
  expect(account.posts[0]!.publish_at).toBe(new Date('2099-12-24T09:30').toISOString());
  await user.click(screen.getByRole('link', { name: 'All posts' }));
  const item = (await screen.findByRole('link', { name: 'Christmas bake' })).closest('li')!;
  expect(item).toHaveTextContent(/Scheduled for .*2099/);
});

test('a failed save shows why and keeps everything typed, and saving again works', async () => {
  const user = userEvent.setup();
  account.failing.push('POST /rest/v1/portfolio_posts');
  await startNewPost(user, 'Sourdough starter');
  await user.type(screen.getByRole('textbox', { name: 'Excerpt' }), 'Feed it daily.');
  await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'bread');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('The post was not saved.');
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Sourdough starter');
  expect(addressField()).toHaveValue('sourdough-starter');
  expect(screen.getByRole('textbox', { name: 'Excerpt' })).toHaveValue('Feed it daily.');
  expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('bread');
  expect(account.posts).toEqual([]);

  account.failing.length = 0;
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(account.posts).toEqual([expect.objectContaining({ title: 'Sourdough starter', excerpt: 'Feed it daily.' })]));
});

test('Delete asks first, and only then removes the post', async () => {
  const user = userEvent.setup();
  await startNewPost(user, 'Old news');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await screen.findByText('Saved as a draft: it is not on your site.');
  await waitFor(() => expect(lastLocation.current?.search).toMatch(/&post=10000000-/));

  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  const question = screen.getByRole('group', { name: /Delete “Old news”\? This cannot be undone\./ });
  expect(question).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'Keep it' }));
  expect(account.posts).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(screen.getByRole('button', { name: 'Delete post' }));
  expect(await screen.findByText(/No posts yet/)).toBeInTheDocument();
  expect(account.posts).toEqual([]);
});

/** Storage's upload endpoint as XMLHttpRequest reaches it (jsdom sends nothing): records each path, answers 200. */
function fakeStorageUploads(): string[] {
  const paths: string[] = [];
  class FakeRequest {
    status = 200;
    responseText = '{}';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      paths.push(decodeURIComponent(new URL(this.url).pathname.replace('/storage/v1/object/', '')));
      setTimeout(() => this.onload?.(), 5);
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', { value: FakeRequest, configurable: true, writable: true });
  return paths;
}

test('a cover picture goes up through the image pipeline and the post names the stored file', async () => {
  const uploads = fakeStorageUploads();
  const user = userEvent.setup();
  await startNewPost(user, 'Cake day');
  await user.upload(screen.getByLabelText('Cover picture'), photoOf('cake.jpg', 'image/jpeg', 4_000_000));
  expect(await screen.findByText('Stored in your account: cake.jpg')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  await waitFor(() => expect(account.posts).toHaveLength(1));
  const cover = account.posts[0]!.cover;
  const folder = `portfolio-images/${account.userId}/${site.id}/`;
  expect(cover).toMatch(new RegExp(`^storage:${folder}image-[a-z0-9]+\\.2560x1920\\.webp$`));
  // The resized picture and its narrower copies went up; the post names the main one.
  expect(uploads).toContain(cover.slice('storage:'.length));
  expect(uploads.length).toBeGreaterThan(1);
});

test('a post’s text links to a page of the site chosen by its title, saved by the page’s id', async () => {
  site = account.addRow({
    template_id: '1',
    title: 'Meera’s Bakery',
    data: { ...getTemplate(1)!.sample, pages: [{ id: 'menu1', slug: 'menu', title: 'Our menu', inNavigation: true, sections: [] }] },
    published: true,
    slug: 'meera-menu',
  });
  const user = userEvent.setup();
  await startNewPost(user, 'Autumn bakes');
  await user.click(screen.getByRole('textbox', { name: 'Text' }));
  await screen.findByRole('toolbar', { name: 'Formatting for Text' });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Text' })).toHaveAttribute('contenteditable', 'true'));
  await user.keyboard('See the menu');
  await user.keyboard('{Control>}a{/Control}');
  await user.click(screen.getByRole('button', { name: 'Link' }));
  const leadsTo = screen.getByRole('combobox', { name: 'Link leads to' });
  expect(
    within(leadsTo)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['An address', 'Home', 'Our menu', 'Blog']);
  await user.selectOptions(leadsTo, 'Our menu');
  await user.click(screen.getByRole('button', { name: 'Apply link' }));
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  expect(await screen.findByText('Saved as a draft: it is not on your site.')).toBeInTheDocument();
  expect(account.posts).toEqual([expect.objectContaining({ title: 'Autumn bakes', body: '<p><a href="page:menu1">See the menu</a></p>' })]);
});
