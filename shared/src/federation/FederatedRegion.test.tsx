import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FederatedRegion, forgetLoadedRegionsForTests, preloadRegion, type FederatedModule } from './FederatedRegion';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  forgetLoadedRegionsForTests();
});
afterEach(() => jest.restoreAllMocks());

const NO_PROPS = {};

function Region({ id, load }: { id: string; load: (id: string, retry: boolean) => Promise<FederatedModule<object>> }) {
  return (
    <FederatedRegion
      id={id}
      load={load}
      props={NO_PROPS}
      loading={<p role="status">Loading…</p>}
      unavailable={(retry) => (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    />
  );
}

test('a region drawn again (going back to a screen) shows its component at once, without loading it again', async () => {
  const load = jest.fn(async () => ({ default: () => <h1>Pricing</h1> }));
  const first = render(<Region id="mfe_commerce/Pricing" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await screen.findByRole('heading', { name: 'Pricing' });
  first.unmount();

  render(<Region id="mfe_commerce/Pricing" load={load} />);
  // In the first render: no fallback in between.
  expect(screen.getByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('what one loader loaded is not shown for another id or another loader', async () => {
  const load = jest.fn(async (id: string) => ({ default: () => <h1>{id}</h1> }));
  const other = jest.fn(async () => ({ default: () => <h1>Other loader</h1> }));
  const first = render(<Region id="mfe_content/Home" load={load} />);
  await screen.findByRole('heading', { name: 'mfe_content/Home' });
  first.unmount();

  const second = render(<Region id="mfe_content/Blog" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await screen.findByRole('heading', { name: 'mfe_content/Blog' });
  second.unmount();

  render(<Region id="mfe_content/Home" load={other} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await screen.findByRole('heading', { name: 'Other loader' });
});

test('a failed load is not remembered: drawn again, the region loads again', async () => {
  const load = jest
    .fn<Promise<FederatedModule<object>>, [string, boolean]>()
    .mockRejectedValueOnce(new Error('Failed to get manifest'))
    .mockResolvedValueOnce({ default: () => <h1>Templates</h1> });
  const first = render(<Region id="mfe_templates/TemplateCollection" load={load} />);
  await screen.findByRole('button', { name: 'Try again' });
  first.unmount();

  render(<Region id="mfe_templates/TemplateCollection" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await screen.findByRole('heading', { name: 'Templates' });
  expect(load).toHaveBeenCalledTimes(2);
});

test('Try again loads afresh even when the module was loaded before, and later visits show the new one', async () => {
  let broken = true;
  const load = jest
    .fn<Promise<FederatedModule<object>>, [string, boolean]>()
    .mockResolvedValueOnce({
      default: () => {
        if (broken) throw new Error('boom');
        return <h1>Old</h1>;
      },
    })
    .mockResolvedValueOnce({ default: () => <h1>Fixed</h1> });
  const first = render(<Region id="mfe_editor/Design" load={load} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Fixed' })).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('mfe_editor/Design', true);
  first.unmount();
  broken = false;

  render(<Region id="mfe_editor/Design" load={load} />);
  expect(screen.getByRole('heading', { name: 'Fixed' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('a region that failed offline loads again by itself when the browser is back online', async () => {
  const load = jest
    .fn<Promise<FederatedModule<object>>, [string, boolean]>()
    .mockRejectedValueOnce(new Error('Loading chunk publish-panel failed'))
    .mockResolvedValueOnce({ default: () => <h2>Publish</h2> });
  render(<Region id="publish-panel" load={load} />);
  await screen.findByRole('button', { name: 'Try again' });

  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByRole('heading', { name: 'Publish' })).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('publish-panel', true);
  // Back online again later: nothing more is loaded.
  act(() => void window.dispatchEvent(new Event('online')));
  expect(load).toHaveBeenCalledTimes(2);
});

test('a region preloaded before it is drawn (the visitor pointed at its link) shows its component at once', async () => {
  const load = jest.fn(async () => ({ default: () => <h1>Pricing</h1> }));
  // The pointer crosses the link three times while it loads: one load.
  preloadRegion(load, 'mfe_commerce/Pricing');
  preloadRegion(load, 'mfe_commerce/Pricing');
  preloadRegion(load, 'mfe_commerce/Pricing');
  await act(() => Promise.resolve());

  render(<Region id="mfe_commerce/Pricing" load={load} />);
  expect(screen.getByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  // Pointing at the link again loads nothing more.
  preloadRegion(load, 'mfe_commerce/Pricing');
  expect(load).toHaveBeenCalledTimes(1);
});

test('a failed preload is left to the region, which loads again and shows what happened', async () => {
  const load = jest
    .fn<Promise<FederatedModule<object>>, [string, boolean]>()
    .mockRejectedValueOnce(new Error('Failed to get manifest'))
    .mockRejectedValueOnce(new Error('Failed to get manifest'));
  preloadRegion(load, 'mfe_commerce/Pricing');
  await act(() => Promise.resolve());

  render(<Region id="mfe_commerce/Pricing" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
