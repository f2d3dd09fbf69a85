import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LaterPublishPanel } from './LaterPublishPanel';

// The panel's chunk, as the network delivers it: not while the browser is offline.
let mockOffline = true;
jest.mock('./PublishPanel', () => {
  if (mockOffline) throw new Error('Loading chunk publish-panel failed');
  return { __esModule: true, default: () => <h2>Publish your page</h2> };
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('offline before the publish panel arrived: the form stays as typed, the panel says so and comes once back online', async () => {
  render(
    <>
      <label>
        Name
        <input />
      </label>
      <LaterPublishPanel userId="u1" portfolioId="p1" />
    </>,
  );
  expect(await screen.findByText('This part of FolioForge is unavailable right now')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Name'), 'Typed in a tunnel');

  mockOffline = false;
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByRole('heading', { name: 'Publish your page' })).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveValue('Typed in a tunnel');
});
