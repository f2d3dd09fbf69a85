// The publish panel's address as the owner types it: an address someone gave up is held for them,
// and the panel says until when rather than only "taken" (issue 45 #11).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerStateProvider } from '@folioforge/shared';
import { upgradeLegacy } from '@folioforge/templates';
import { installTestRuntimeConfig, renderAt } from '../testing/editorTestKit';
import { signInFakeAccount, signOutFakeAccount, type FakeAccount } from '../testing/fakeAccount';
import { PublishPanel } from './PublishPanel';

let account: FakeAccount;

beforeEach(() => {
  installTestRuntimeConfig();
  account = signInFakeAccount();
});

afterEach(() => signOutFakeAccount());

test('an address held for its former owner says until when, beside the field', async () => {
  const user = userEvent.setup();
  const row = account.addRow({ template_id: '1', title: 'Mine', data: upgradeLegacy('1', { name: 'Asha Verma' }) });
  account.heldAddresses['old-studio'] = '2026-12-31T10:00:00Z';
  renderAt(
    '/design',
    <ServerStateProvider>
      <PublishPanel userId={account.userId} portfolioId={row.id} />
    </ServerStateProvider>,
  );
  const field = await screen.findByLabelText('Page address');
  await user.clear(field);
  await user.type(field, 'old-studio');
  expect(await screen.findByText('This address is held for its former owner until 31 December 2026. Choose another.')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');

  await user.clear(field);
  await user.type(field, 'new-studio');
  expect(await screen.findByText('This address is free.')).toBeInTheDocument();
});
