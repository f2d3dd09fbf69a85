import { loadRemote } from '@module-federation/enhanced/runtime';
import { forgetLoadedRegionsForTests, loadSupabase, useAuthStore } from '@folioforge/shared';
import { preloadScreensOnIntent } from './preloadOnIntent';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
jest.mock('@folioforge/shared', () => ({ ...jest.requireActual('@folioforge/shared'), loadSupabase: jest.fn() }));
const loadRemoteMock = loadRemote as jest.Mock;
const loadSupabaseMock = loadSupabase as jest.Mock;

let stop: () => void = () => undefined;

beforeEach(() => {
  forgetLoadedRegionsForTests();
  loadRemoteMock.mockReset().mockResolvedValue({ default: () => null });
  loadSupabaseMock.mockReset().mockResolvedValue(undefined);
  useAuthStore.setState({ status: 'signedOut', session: null, user: null });
  window.history.replaceState(null, '', '/home');
  document.body.innerHTML = `
    <nav>
      <a href="/pricing">Pricing</a>
      <a href="/templates"><span>Templates</span></a>
      <a href="/home">Home</a>
      <a href="/no-such-page">Nowhere</a>
      <a href="https://example.com/pricing">Elsewhere</a>
      <a href="/design">Design</a>
      <button type="button">Not a link</button>
    </nav>`;
  stop = preloadScreensOnIntent();
});

afterEach(() => stop());

const link = (name: string) => Array.from(document.querySelectorAll('a')).find((anchor) => anchor.textContent === name)!;
const loadedIds = () => loadRemoteMock.mock.calls.map(([id]) => id as string);

test('pointing at, touching or tabbing to a link to a screen starts loading that screen', () => {
  link('Pricing').dispatchEvent(new Event('pointerover', { bubbles: true }));
  link('Templates')
    .querySelector('span')!
    .dispatchEvent(new Event('touchstart', { bubbles: true }));
  link('Design').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  expect(loadedIds()).toEqual(['mfe_commerce/Pricing', 'mfe_templates/TemplateCollection', 'mfe_editor/Design']);
  // A signed-out visitor's editor needs no supabase-js, so none is loaded for it either.
  expect(loadSupabaseMock).not.toHaveBeenCalled();
});

test('the screen on show, pages that are not screens, other sites and other elements load nothing', () => {
  for (const name of ['Home', 'Nowhere', 'Elsewhere']) link(name).dispatchEvent(new Event('pointerover', { bubbles: true }));
  document.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

test('a screen that renders with supabase-js gets it loaded beside it', async () => {
  useAuthStore.setState({ status: 'signedIn' });
  link('Design').dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(loadedIds()).toEqual(['mfe_editor/Design']);
  expect(loadSupabaseMock).toHaveBeenCalledTimes(1);
});

test('once stopped, nothing loads', () => {
  stop();
  link('Pricing').dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

test('a visitor whose browser saves data loads only what they open', () => {
  Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
  try {
    link('Pricing').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadRemoteMock).not.toHaveBeenCalled();
  } finally {
    delete (navigator as Navigator & { connection?: unknown }).connection;
  }
  link('Pricing').dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(loadedIds()).toEqual(['mfe_commerce/Pricing']);
});
