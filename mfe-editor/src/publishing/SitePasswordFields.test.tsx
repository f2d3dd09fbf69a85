import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fetchSitePassword, PublishError, saveSitePassword } from './publishApi';
import { SitePasswordFields } from './SitePasswordFields';

jest.mock('./publishApi', () => ({
  ...jest.requireActual<object>('./publishApi'),
  fetchSitePassword: jest.fn(),
  saveSitePassword: jest.fn(),
}));

const fetchState = jest.mocked(fetchSitePassword);
const save = jest.mocked(saveSitePassword);

beforeEach(() => {
  fetchState.mockResolvedValue({ allowed: true, hasPassword: false, setAt: null });
});
afterEach(() => {
  jest.clearAllMocks();
});

function renderFields(published = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SitePasswordFields userId="user-1" portfolioId="portfolio-1" published={published} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('group', { name: 'Password for your site' });
}

test('the rule is beside the field, and a short password is refused there, unsent', async () => {
  const user = userEvent.setup();
  renderFields();
  const field = await screen.findByLabelText('Password');
  expect(field).toHaveAccessibleDescription(/At least 8 characters\. Visitors who type it stay let in for 12 hours/);
  await user.type(field, 'चाय');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Use at least 8 characters.');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveFocus();
  expect(save).not.toHaveBeenCalled();
});

test('a password is set, said so without showing it, and can be changed or removed', async () => {
  const user = userEvent.setup();
  save.mockResolvedValueOnce({ allowed: true, hasPassword: true, setAt: '2026-12-02T04:00:00Z' });
  renderFields();
  await user.type(await screen.findByLabelText('Password'), 'चाय और biscuits 🍪');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  expect(save).toHaveBeenCalledWith('portfolio-1', 'चाय और biscuits 🍪');
  expect(await screen.findByRole('status')).toHaveTextContent('Tick “Ask visitors for a password” in Page settings, then publish.');
  expect(screen.getByText(/A password is set \(since 2 December 2026\)/)).toBeInTheDocument();
  expect(screen.getByLabelText('New password')).toHaveValue('');

  save.mockRejectedValueOnce(
    new PublishError('Your page is published behind this password. Open it to everyone and publish first, then remove the password.', 409),
  );
  await user.click(screen.getByRole('button', { name: 'Remove password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/Open it to everyone and publish first/);
  expect(save).toHaveBeenLastCalledWith('portfolio-1', null);
});

test('without Pro or Premium the field is off, and the plans are one link away', async () => {
  fetchState.mockResolvedValue({ allowed: false, hasPassword: false, setAt: null });
  renderFields();
  expect(await screen.findByText(/The Pro and Premium plans put your site behind a password/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  await waitFor(() => expect(screen.getByLabelText('Password')).toBeDisabled());
});
