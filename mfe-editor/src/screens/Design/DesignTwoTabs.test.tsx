// One portfolio open in two tabs of one browser: two editors sharing this device's localStorage (each
// with its own tab id in sessionStorage) and one account (fakeAccount.ts, the real supabase-js client).
// Kept live by Realtime: the account tells the page's channels of a save when a test says so
// (tellChanged), as local-cloud's Realtime does for the row's owner.
import { act, fireEvent, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { upgradeLegacy } from '@folioforge/templates';
import Design from './Design';
import { CLOUD_SAVE_DELAY_MS } from '../../drafts/cloudSaver';
import { DRAFT_SAVE_DELAY_MS } from '../../drafts/draftTarget';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { getFieldLabelled, installObjectUrls, installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount, type FakeRow } from '../../testing/fakeAccount';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));

jest.setTimeout(40_000);

let account: FakeAccount;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
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

/** Opens the portfolio in the tab named `tab` (its id in sessionStorage, kept across its reloads). */
async function openInTab(tab: string, portfolioId: string): Promise<RenderResult> {
  sessionStorage.setItem('folioforge.editor.tab', tab);
  const rendered = renderAt(`/design?portfolio=${portfolioId}`, <Design />);
  await within(rendered.container).findByRole('form', { name: / details$/ }, { timeout: 3000 });
  return rendered;
}

const fieldIn = (tab: RenderResult, name: string) =>
  getFieldLabelled(within(tab.container).getByRole('form', { name: / details$/ }), name) as HTMLInputElement;
const statusIn = (tab: RenderResult) => within(tab.container).getAllByRole('status')[0]!;
const saves = () => account.requests.filter((request) => request === 'POST /rest/v1/rpc/save_portfolio').length;

/** Runs `steps` on Jest's clock, so waiting for a save that must not come takes no real time. */
async function onTestClock<T>(steps: () => Promise<T>): Promise<T> {
  jest.useFakeTimers();
  try {
    return await steps();
  } finally {
    jest.useRealTimers();
  }
}

/** The save's delay after a change, and the device copy's, pass on the test clock (and what they start runs). */
async function letSaveDelayPass() {
  await act(() => jest.advanceTimersByTimeAsync(CLOUD_SAVE_DELAY_MS + DRAFT_SAVE_DELAY_MS + 200));
}

/** The steps: tab A saves an address; tab B, opened before, types a phone and is refused. */
async function tabBRefusedAfterTabASaved() {
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha', address: '', phone: '' }) });
  const tabA = await openInTab('tab-a', row.id);
  const tabB = await openInTab('tab-b', row.id);
  fireEvent.change(fieldIn(tabA, 'Address'), { target: { value: 'Addr from tab A' } });
  await waitFor(() => expect(account.rows[0]!.version).toBe(2), { timeout: 3000 });
  await waitFor(() => expect(statusIn(tabA)).toHaveTextContent('Saved'));
  fireEvent.change(fieldIn(tabB, 'Phone'), { target: { value: '+91 98765 43210' } });
  await waitFor(() => expect(within(tabB.container).getByText('Not saved: a newer version exists')).toBeInTheDocument(), {
    timeout: 3000,
  });
  return { row, tabA, tabB };
}

test("reloading the tab that saved shows its save, and offers another tab's unsaved copy instead of loading it", async () => {
  const user = userEvent.setup();
  const { row, tabA, tabB } = await tabBRefusedAfterTabASaved();

  // Tab A reloads: the newest saved version is on screen, tab B's work is offered, nothing is refused.
  tabA.unmount();
  const savesBefore = saves();
  const reloaded = await onTestClock(async () => {
    const tab = await openInTab('tab-a', row.id);
    await letSaveDelayPass();
    return tab;
  });
  expect(fieldIn(reloaded, 'Address').value).toBe('Addr from tab A');
  expect(fieldIn(reloaded, 'Phone').value).toBe('');
  const offer = within(reloaded.container).getByText(/You have unsaved changes from another tab/);
  expect(within(reloaded.container).queryByText('Not saved: a newer version exists')).toBeNull();
  expect(saves()).toBe(savesBefore);
  expect(account.rows[0]!.version).toBe(2);
  expect((account.rows[0]!.data as { profile: { address: string } }).profile.address).toBe('Addr from tab A');

  // Review puts tab B's copy on screen as made from its own version: the account refuses it, and asks.
  const item = offer.closest('li')!;
  await user.click(within(item as HTMLElement).getByRole('button', { name: 'Review' }));
  expect(fieldIn(reloaded, 'Phone').value).toBe('+91 98765 43210');
  await waitFor(() => expect(within(reloaded.container).getByText('Not saved: a newer version exists')).toBeInTheDocument(), {
    timeout: 3000,
  });
  expect(account.rows[0]!.version).toBe(2);
  expect(within(reloaded.container).queryByText(/You have unsaved changes from another tab/)).toBeNull();
  tabB.unmount();
});

test('a reload of the tab whose save was refused opens the newest version and offers its own work back; Discard drops it', async () => {
  const user = userEvent.setup();
  const { row, tabA, tabB } = await tabBRefusedAfterTabASaved();
  tabA.unmount();

  tabB.unmount();
  const reloaded = await openInTab('tab-b', row.id);
  expect(fieldIn(reloaded, 'Address').value).toBe('Addr from tab A');
  expect(fieldIn(reloaded, 'Phone').value).toBe('');
  await user.click(
    within(
      within(reloaded.container)
        .getByText(/unsaved changes from this tab, made before a newer version/)
        .closest('li')!,
    ).getByRole('button', { name: 'Discard' }),
  );
  expect(screen.queryByText(/unsaved changes/)).toBeNull();
  reloaded.unmount();
  const again = await openInTab('tab-b', row.id);
  expect(within(again.container).queryByText(/unsaved changes/)).toBeNull();
  expect(fieldIn(again, 'Address').value).toBe('Addr from tab A');
});

const UPDATED = 'Updated from another tab or device';

/** Both tabs open and joined; tab A saves an address (told to no one yet). */
async function tabASaved(): Promise<{ row: FakeRow; tabA: RenderResult; tabB: RenderResult }> {
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha', address: '', phone: '' }) });
  const tabA = await openInTab('tab-a', row.id);
  const tabB = await openInTab('tab-b', row.id);
  await waitFor(() => expect(account.realtime.open(`portfolio:${row.id}`).filter((channel) => channel.joined)).toHaveLength(2));
  fireEvent.change(fieldIn(tabA, 'Address'), { target: { value: 'Addr from tab A' } });
  await waitFor(() => expect(account.rows[0]!.version).toBe(2), { timeout: 3000 });
  return { row, tabA, tabB };
}

test('the editor listens to saves of its own portfolio only, by id', async () => {
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha' }) });
  await openInTab('tab-a', row.id);
  await waitFor(() => expect(account.realtime.open(`portfolio:${row.id}`)).toHaveLength(1));
  expect(account.realtime.open(`portfolio:${row.id}`)[0]!.changes).toEqual([
    { event: 'UPDATE', schema: 'public', table: 'portfolios', filter: `id=eq.${row.id}` },
  ]);
});

test("another tab's save shows at once in a tab with nothing unsaved, said in a status, and its next save is accepted", async () => {
  const { row, tabA, tabB } = await tabASaved();
  act(() => account.tellChanged(row));

  await waitFor(() => expect(fieldIn(tabB, 'Address').value).toBe('Addr from tab A'));
  expect(within(tabB.container).getByText(UPDATED)).toHaveAttribute('role', 'status');
  // The tab that saved shows no such note: the version told is its own.
  expect(within(tabA.container).queryByText(UPDATED)).toBeNull();

  fireEvent.change(fieldIn(tabB, 'Phone'), { target: { value: '+91 98765 43210' } });
  await waitFor(() => expect(account.rows[0]!.version).toBe(3), { timeout: 3000 });
  expect(within(tabB.container).queryByText('Not saved: a newer version exists')).toBeNull();
  expect((account.rows[0]!.data as { profile: { address: string; phone: string } }).profile).toMatchObject({
    address: 'Addr from tab A',
    phone: '+91 98765 43210',
  });
  // Typing made the note untrue: it goes.
  expect(within(tabB.container).queryByText(UPDATED)).toBeNull();
});

test('a tab with unsaved changes is asked before it tries to save, and what was typed stays on screen', async () => {
  const { row, tabB } = await tabASaved();
  const savesBefore = saves();
  const question = await onTestClock(async () => {
    fireEvent.change(fieldIn(tabB, 'Phone'), { target: { value: '+91 98765 43210' } });
    act(() => account.tellChanged(row));
    const asked = await within(tabB.container).findByRole('alertdialog');
    await letSaveDelayPass();
    return asked;
  });
  expect(question).toHaveTextContent('A newer version of this portfolio was saved in another tab or on another device');
  expect(within(question).getByRole('button', { name: 'Load the newer version' })).toBeInTheDocument();
  expect(within(question).getByRole('button', { name: 'Keep mine as a new portfolio' })).toBeInTheDocument();
  expect(fieldIn(tabB, 'Phone').value).toBe('+91 98765 43210');
  // No save was tried (and refused) meanwhile.
  expect(saves()).toBe(savesBefore);
  expect(account.rows[0]!.version).toBe(2);
});

test('a dropped connection resumes without losing a save made meanwhile: the editor reads the row again on rejoin', async () => {
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha', address: '' }) });
  const tab = await openInTab('tab-a', row.id);
  await waitFor(() => expect(account.realtime.open(`portfolio:${row.id}`)[0]?.joined).toBe(true));
  act(() => account.realtime.drop());
  // Another device saves while this tab's connection is down: the change reaches no one.
  Object.assign(row, { version: 2, data: upgradeLegacy('1', { name: 'Asha', address: 'Saved on the phone' }) });
  act(() => account.tellChanged(row));
  expect(fieldIn(tab, 'Address').value).toBe('');

  act(() => account.realtime.rejoin());
  await waitFor(() => expect(fieldIn(tab, 'Address').value).toBe('Saved on the phone'));
  expect(within(tab.container).getByText(UPDATED)).toBeInTheDocument();
});

test("presence on the user's private channel shows the portfolio open elsewhere, and not another portfolio", async () => {
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha' }) });
  const tab = await openInTab('tab-a', row.id);
  const topic = `user:${account.userId}`;
  await waitFor(() => expect(account.realtime.open(topic)[0]?.tracked).toEqual([{ portfolioId: row.id }]));
  const [editors] = account.realtime.open(topic);
  expect(editors!.options?.config).toMatchObject({ private: true, presence: { key: expect.any(String) } });
  const mine = editors!.options!.config!.presence!.key!;

  act(() =>
    account.realtime.presence(topic, { [mine]: [{ portfolioId: row.id }], 'other-session': [{ portfolioId: 'another-portfolio' }] }),
  );
  expect(within(tab.container).queryByText(/Also open/)).toBeNull();

  act(() => account.realtime.presence(topic, { [mine]: [{ portfolioId: row.id }], 'phone-session': [{ portfolioId: row.id }] }));
  expect(await within(tab.container).findByText('Also open in another tab or on another device')).toHaveAttribute('role', 'status');

  act(() => account.realtime.presence(topic, { [mine]: [{ portfolioId: row.id }] }));
  await waitFor(() => expect(screen.queryByText(/Also open/)).toBeNull());
});
