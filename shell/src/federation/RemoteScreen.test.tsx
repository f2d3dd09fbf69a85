import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { forgetLoadedRegionsForTests, loadSupabase, useAuthStore } from '@folioforge/shared';
import { RemoteScreen } from './RemoteScreen';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
jest.mock('@folioforge/shared', () => ({ ...jest.requireActual('@folioforge/shared'), loadSupabase: jest.fn() }));
const loadRemoteMock = loadRemote as jest.Mock;
const loadSupabaseMock = loadSupabase as jest.Mock;

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  forgetLoadedRegionsForTests();
});
afterEach(() => jest.restoreAllMocks());

test('shows loading, then the remote screen', async () => {
  loadRemoteMock.mockResolvedValueOnce({ default: () => <h1>Remote home</h1> });
  render(<RemoteScreen id="mfe_content/Home" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
});

test('the web manifest is linked once the screen is on the page and the browser has drawn it, and only once', async () => {
  // The screens of the tests before link it after a frame and two tasks: wait the same way (frames and
  // tasks run in the order they were asked for, however busy the machine), then start clean.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));
  document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
  const frames: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  let finish: (module: object) => void = () => undefined;
  loadRemoteMock.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
  const { rerender } = render(<RemoteScreen id="mfe_content/Home" />);
  const manifests = () => document.head.querySelectorAll('link[rel="manifest"]');
  // Linking takes a task, then another (jsdom has no idle callback); started after it, two tasks end after it.
  const twoTasks = () => act(async () => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
  await twoTasks();
  expect(manifests()).toHaveLength(0);

  await act(async () => finish({ default: () => <h1>Remote home</h1> }));
  await screen.findByRole('heading', { name: 'Remote home' });
  await twoTasks();
  expect(manifests()).toHaveLength(0);
  act(() => frames.splice(0).forEach((callback) => callback(performance.now())));
  await twoTasks();
  expect([...manifests()].map((link) => link.getAttribute('href'))).toEqual(['/manifest.webmanifest']);

  // Drawn again (the visitor comes back): the screen loaded before, at once.
  const loads = loadRemoteMock.mock.calls.length;
  rerender(<RemoteScreen id="mfe_content/Home" key="again" />);
  expect(screen.getByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(loadRemoteMock.mock.calls).toHaveLength(loads);
  await twoTasks();
  act(() => frames.splice(0).forEach((callback) => callback(performance.now())));
  await twoTasks();
  expect(manifests()).toHaveLength(1);
});

test('a remote that is down shows the unavailable message, and Try again loads it once it is back', async () => {
  loadRemoteMock.mockRejectedValueOnce(new Error('Failed to get manifest'));
  render(<RemoteScreen id="mfe_templates/TemplateCollection" />);
  expect(await screen.findByText('This part of FolioForge is unavailable right now')).toBeInTheDocument();

  loadRemoteMock.mockResolvedValueOnce({ default: () => <h1>Templates</h1> });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Templates' })).toBeInTheDocument();
});

test('a remote screen that throws while rendering is contained in its region', async () => {
  loadRemoteMock.mockResolvedValueOnce({
    default: () => {
      throw new Error('boom');
    },
  });
  render(
    <>
      <p>Header stays</p>
      <RemoteScreen id="mfe_editor/Design" />
    </>,
  );
  expect(await screen.findByText('This part of FolioForge is unavailable right now')).toBeInTheDocument();
  expect(screen.getByText('Header stays')).toBeInTheDocument();
});

describe('a screen that needs supabase-js only with a session (the editor)', () => {
  const Editor = () => <h1>Editor</h1>;

  test('a signed-out visitor gets it without supabase-js', async () => {
    useAuthStore.setState({ status: 'signedOut', session: null, user: null });
    loadRemoteMock.mockResolvedValueOnce({ default: Editor });
    render(<RemoteScreen id="mfe_editor/Design" needsClient="withSession" />);
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(loadSupabaseMock).not.toHaveBeenCalled();
  });

  test('with a stored session it waits for supabase-js', async () => {
    useAuthStore.setState({ status: 'signedIn' });
    let clientLoaded!: () => void;
    loadSupabaseMock.mockReturnValueOnce(new Promise<void>((resolve) => (clientLoaded = resolve)));
    loadRemoteMock.mockResolvedValueOnce({ default: Editor });
    render(<RemoteScreen id="mfe_editor/Design" needsClient="withSession" />);
    await act(() => Promise.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'Editor' })).not.toBeInTheDocument();
    clientLoaded();
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });
});
