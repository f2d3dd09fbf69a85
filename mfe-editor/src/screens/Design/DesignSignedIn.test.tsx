// /design signed in: the account's portfolios through the real supabase-js client (fakeAccount.ts).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REPLACE_PREFIX, upgradeLegacy } from '@folioforge/templates';
import Design from './Design';
import { CLOUD_SAVE_DELAY_MS } from '../../drafts/cloudSaver';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { getFieldLabelled, installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../../testing/editorTestKit';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount } from '../../testing/fakeAccount';
import { PREPARED_MAIN_BYTES, photoOf } from '../../testing/fakeImagePreparer';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));

let account: FakeAccount;

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetCheckoutRegistrationForTests();
  installTestRuntimeConfig();
  installObjectUrls();
  (loadRemote as jest.Mock).mockReset().mockReturnValue(new Promise(() => undefined));
  (registerRemotes as jest.Mock).mockReset();
  account = signInFakeAccount();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  signOutFakeAccount();
  jest.restoreAllMocks();
});

const form = () => screen.getByRole('form', { name: / details$/ });
const field = (name: string) => getFieldLabelled(form(), name) as HTMLInputElement;
const openedId = () => new URLSearchParams(lastLocation.current?.search).get('portfolio');

test("Use Template makes one portfolio, from the account's name and email, with marked prompts, and opens it by its id", async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  expect(account.rows).toHaveLength(1);
  expect(openedId()).toBe(account.rows[0]!.id);
  expect(field('Name').value).toBe('Asha Verma');
  expect(field('Email').value).toBe('asha@example.com');
  expect(field('Project 1 Title').getAttribute('placeholder')).toMatch(new RegExp(`^${REPLACE_PREFIX}`));
  expect(account.rows[0]).toMatchObject({ template_id: '1', title: 'Asha Verma · Personal Portfolio Template' });
});

test('Publish names the fields still holding sample text and asks before publishing them', async () => {
  const user = userEvent.setup();
  renderAt('/design', <Design />, { selectedTemplate: { id: 2 } });
  await screen.findByRole('heading', { name: 'E-Commerce' });
  const publish = await screen.findByRole('button', { name: 'Publish' }, { timeout: 10_000 });
  await waitFor(() => expect(publish).toBeEnabled());
  await user.click(publish);
  const asked = await screen.findByRole('group', { name: 'Still sample text on your page' });
  expect(within(asked).getByRole('heading')).toHaveFocus();
  expect(within(asked).getByText('Baked by hand since 2016 › Title').closest('li')).toHaveTextContent(': Baked by hand since 2016');
  expect(within(asked).getByText('Main Description').closest('li')).toHaveTextContent(`${REPLACE_PREFIX}one line about what you do`);
  // Not the account's own name.
  expect(within(asked).queryByText('Name')).toBeNull();
  const publishCalls = () => account.functionActions.filter((call) => call === 'publish publish');
  await user.click(within(asked).getByRole('button', { name: 'Keep editing' }));
  expect(screen.queryByRole('group', { name: 'Still sample text on your page' })).toBeNull();
  expect(publishCalls()).toEqual([]);
  await user.click(publish);
  await user.click(
    within(await screen.findByRole('group', { name: 'Still sample text on your page' })).getByRole('button', {
      name: 'Publish with the sample text',
    }),
  );
  await waitFor(() => expect(publishCalls()).toHaveLength(1));
});

test('Use Template on a template with an unpublished portfolio continues it, saying so; "Start a new one" makes another', async () => {
  const user = userEvent.setup();
  const existing = account.addRow({ template_id: '3', title: 'Mine', data: upgradeLegacy('3', { name: 'Meera Before' }) });
  account.addRow({ template_id: '3', title: 'Published', data: upgradeLegacy('3', { name: 'Live' }), published: true, slug: 'live' });
  renderAt('/design', <Design />, { selectedTemplate: { id: 3 } });
  await screen.findByRole('heading', { name: 'Professional Portfolio' });
  expect(openedId()).toBe(existing.id);
  expect(field('Name').value).toBe('Meera Before');
  expect(screen.getByText('You are continuing this portfolio where you left it.')).toBeInTheDocument();
  expect(account.rows).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Start a new one' }));
  await waitFor(() => expect(account.rows).toHaveLength(3));
  await waitFor(() => expect(openedId()).toBe(account.rows[2]!.id));
  expect(await screen.findByDisplayValue('Asha Verma')).toBeInTheDocument();
});

test('a portfolio opens even when the clock steps back while it is made (its row is read again all the same)', async () => {
  // A system clock set back (or a test's fake clock firing a late timer) made the row just cached look
  // fresher than now: it was not read again, and the screen stayed on "Opening your portfolio…".
  const realNow = Date.now.bind(Date);
  let steps = 0;
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() - 60_000 * ++steps);
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  expect(openedId()).toBe(account.rows[0]!.id);
  expect(field('Name').value).toBe('Asha Verma');
});

test('edits go to the account against the version held; switching template goes with them', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  jest.useFakeTimers();
  try {
    fireEvent.change(field('Name'), { target: { value: 'Asha V.' } });
    fireEvent.change(getFieldLabelled(form().parentElement!, 'Template'), { target: { value: '2' } });
    await act(async () => {
      jest.advanceTimersByTime(CLOUD_SAVE_DELAY_MS + 10);
    });
  } finally {
    jest.useRealTimers();
  }
  await waitFor(() => expect(account.rows[0]!.version).toBe(2));
  const [row] = account.rows;
  expect(row!.template_id).toBe('2');
  expect((row!.data as { profile: { name: string } }).profile.name).toBe('Asha V.');
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(account.requests.filter((request) => request === 'POST /rest/v1/rpc/save_portfolio')).toHaveLength(1);
});

test('a template switch is undone like any change; the header and the title name the template shown', async () => {
  const user = userEvent.setup();
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  const header = () => screen.getByText(/^Editing/).querySelector('strong')?.textContent;
  const template = () => getFieldLabelled(form().parentElement!, 'Template') as HTMLSelectElement;
  expect(header()).toBe('Asha Verma · Personal Portfolio Template');

  fireEvent.change(template(), { target: { value: '3' } });
  expect(await screen.findByRole('heading', { name: 'Professional Portfolio' })).toBeInTheDocument();
  expect(header()).toBe('Asha Verma · Professional Portfolio Template');
  await waitFor(() => expect(account.rows[0]!.title).toBe('Asha Verma · Professional Portfolio Template'));

  await user.click(screen.getByRole('button', { name: /Undo/ }));
  expect(template().value).toBe('1');
  expect(await screen.findByRole('heading', { name: 'Input Section' })).toBeInTheDocument();
  expect(header()).toBe('Asha Verma · Personal Portfolio Template');
  await waitFor(() => expect(account.rows[0]!.title).toBe('Asha Verma · Personal Portfolio Template'));
  await user.click(screen.getByRole('button', { name: /Redo/ }));
  expect(template().value).toBe('3');
  await waitFor(() => expect(account.rows[0]!.template_id).toBe('3'), { timeout: 3000 });
});

/** Storage's upload endpoint, as XMLHttpRequest reaches it: records each file, reports progress, answers 200 (or `refuse`). */
function fakeStorageUploads(refuse?: (path: string) => boolean) {
  const uploads: { path: string; bytes: number; type: string | null }[] = [];
  class FakeRequest {
    status = 200;
    responseText = '{}';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    private type: string | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name === 'Content-Type') this.type = value;
    }
    send(body: Blob) {
      const path = decodeURIComponent(new URL(this.url).pathname.replace('/storage/v1/object/', ''));
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size });
        if (refuse?.(path)) {
          this.status = 400;
          this.responseText = JSON.stringify({ statusCode: '500', code: 'DatabaseError', message: 'database error, code: P0413' });
        } else uploads.push({ path, bytes: body.size, type: this.type });
        this.onload?.();
      }, 5);
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', { value: FakeRequest, configurable: true, writable: true });
  return uploads;
}

const storedPhoto = () => (account.rows[0]?.data as { profile?: { photo?: string } } | undefined)?.profile?.photo ?? '';

test('a photo goes up prepared, with its copies named for srcset; replacing it removes the old one and its copies', async () => {
  const uploads = fakeStorageUploads();
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  fireEvent.change(field('Profile image'), { target: { files: [photoOf('IMG_4032.jpg', 'image/jpeg', 5_033_164)] } });
  // jsdom copies blobs slowly: the four files take a moment here.
  expect(await screen.findByText('Resized for the web: 4.8 MB → 310 KB', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('Stored in your account: IMG_4032.jpg')).toBeInTheDocument();
  const folder = `${account.userId}/${account.rows[0]!.id}`;
  const stem = /\/(image-[a-z0-9]+)\.2560x1920\.webp$/.exec(uploads.at(-1)!.path)![1];
  // The copies first, the main file (the one the row names) last; every one a WebP, the main within its budget.
  expect(uploads).toEqual([
    { path: `portfolio-images/${folder}/${stem}.640x480.webp`, bytes: 640 * 40, type: 'image/webp' },
    { path: `portfolio-images/${folder}/${stem}.1280x960.webp`, bytes: 1280 * 40, type: 'image/webp' },
    { path: `portfolio-images/${folder}/${stem}.1920x1440.webp`, bytes: 1920 * 40, type: 'image/webp' },
    { path: `portfolio-images/${folder}/${stem}.2560x1920.webp`, bytes: PREPARED_MAIN_BYTES, type: 'image/webp' },
  ]);
  await waitFor(() => expect(storedPhoto()).toBe(`storage:portfolio-images/${folder}/${stem}.2560x1920.webp`), { timeout: 5000 });

  fireEvent.change(field('Profile image'), { target: { files: [photoOf('beach.png', 'image/png', 3_000_000)] } });
  expect(await screen.findByText('Stored in your account: beach.png', undefined, { timeout: 10_000 })).toBeInTheDocument();
  await waitFor(() => expect(storedPhoto()).not.toContain(stem), { timeout: 5000 });
  await waitFor(() =>
    expect(account.removedFiles).toEqual([
      `portfolio-images/${folder}/${stem}.2560x1920.webp`,
      `portfolio-images/${folder}/${stem}.640x480.webp`,
      `portfolio-images/${folder}/${stem}.1280x960.webp`,
      `portfolio-images/${folder}/${stem}.1920x1440.webp`,
    ]),
  );
}, 30_000);

test('a refused photo leaves nothing behind: the copies already stored are removed and the field goes back', async () => {
  fakeStorageUploads((path) => path.endsWith('.2560x1920.webp'));
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  const said = () => document.getElementById(field('Profile image').getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;
  const before = said();
  fireEvent.change(field('Profile image'), { target: { files: [photoOf('IMG_4032.jpg', 'image/jpeg', 5_033_164)] } });
  expect(await screen.findByRole('alert', undefined, { timeout: 10_000 })).toHaveTextContent(
    '"IMG_4032.jpg" was not stored: it would take your files past the storage space',
  );
  expect(said()).toBe(before);
  await waitFor(() => expect(account.removedFiles).toHaveLength(3));
  expect(account.removedFiles.every((path) => /\.(640x480|1280x960|1920x1440)\.webp$/.test(path))).toBe(true);
}, 20_000);
