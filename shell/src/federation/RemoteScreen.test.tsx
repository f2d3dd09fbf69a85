import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadSupabase, useAuthStore } from '@folioforge/shared';
import { RemoteScreen } from './RemoteScreen';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
jest.mock('@folioforge/shared', () => ({ ...jest.requireActual('@folioforge/shared'), loadSupabase: jest.fn() }));
const loadRemoteMock = loadRemote as jest.Mock;
const loadSupabaseMock = loadSupabase as jest.Mock;

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('shows loading, then the remote screen', async () => {
  loadRemoteMock.mockResolvedValueOnce({ default: () => <h1>Remote home</h1> });
  render(<RemoteScreen id="mfe_content/Home" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
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
