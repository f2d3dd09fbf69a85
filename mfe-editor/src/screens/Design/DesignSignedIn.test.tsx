// /design signed in: the account's portfolios through the real supabase-js client (fakeAccount.ts).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REPLACE_PREFIX, upgradeLegacy } from '@folioforge/templates';
import Design from './Design';
import { CLOUD_SAVE_DELAY_MS } from '../../drafts/cloudSaver';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../../testing/editorTestKit';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount } from '../../testing/fakeAccount';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

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

const form = () => screen.getByRole('form');
const field = (name: string) => within(form()).getByLabelText(name) as HTMLInputElement;
const openedId = () => new URLSearchParams(lastLocation.current?.search).get('portfolio');

test("Use Template makes one portfolio, from the account's name and email, with marked prompts, and opens it by its id", async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  expect(account.rows).toHaveLength(1);
  expect(openedId()).toBe(account.rows[0]!.id);
  expect(field('Name').value).toBe('Asha Verma');
  expect(field('Email').value).toBe('asha@example.com');
  expect(field('Project 1 Title').value).toMatch(new RegExp(`^${REPLACE_PREFIX}`));
  expect(account.rows[0]).toMatchObject({ template_id: '1', title: 'Asha Verma · Personal Portfolio Template' });
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

test('edits go to the account against the version held; switching template goes with them', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  await screen.findByRole('heading', { name: 'Input Section' });
  jest.useFakeTimers();
  try {
    fireEvent.change(field('Name'), { target: { value: 'Asha V.' } });
    fireEvent.change(within(form().parentElement!).getByLabelText('Template'), { target: { value: '2' } });
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
