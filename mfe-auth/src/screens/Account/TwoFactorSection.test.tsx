import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Account from './Account';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { factorNameTaken, fakeUser, reauthenticationNeeded, resetAuthStore, signedInAs, wrongTotpCode } from '../../test/authFixtures';

let supabase: FakeSupabase;
const phone = {
  id: 'factor-1',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: 'My phone',
  created_at: '2026-05-01T10:00:00Z',
  updated_at: '',
};
const CODES = ['AAAAA-22222', 'BBBBB-33333', 'CCCCC-44444'];

beforeEach(() => {
  supabase = installFakeSupabase();
  for (const table of ['portfolios', 'purchases', 'subscribers', 'custom_domains']) supabase.answer(table, { data: [], error: null });
  supabase.answer('profiles', { data: { id: 'user-1', name: 'Ada', username: 'ada' }, error: null });
  signedInAs(fakeUser({ id: 'user-1', email: 'ada@example.com' }));
});
afterEach(resetAuthStore);

const security = () => screen.getByRole('region', { name: 'Two-factor sign-in' });

describe('two-factor sign-in on /account', () => {
  test('set up: QR code and the key to type, a first code, then recovery codes shown once', async () => {
    supabase.auth.mfa.enroll.mockResolvedValueOnce({
      data: {
        id: 'factor-new',
        type: 'totp',
        friendly_name: 'Pixel',
        totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
      },
      error: null,
    });
    supabase.rpc.mockImplementation(async (name: unknown) => ({ data: name === 'create_mfa_recovery_codes' ? CODES : 0, error: null }));
    renderScreen(<Account />, '/account');
    const region = security();
    expect(await within(region).findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    await userEvent.type(within(region).getByLabelText('Name of this authenticator (optional)'), 'Pixel');
    await userEvent.click(within(region).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(supabase.auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Pixel', issuer: 'FolioForge' });
    expect(await within(region).findByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/svg+xml;utf-8,<svg/>');
    expect(within(region).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    supabase.auth.mfa.challengeAndVerify.mockResolvedValueOnce({ data: null, error: wrongTotpCode() });
    await userEvent.type(within(region).getByLabelText('Code from the app'), '111111');
    await userEvent.click(within(region).getByRole('button', { name: 'Turn on' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('each one works once');
    await userEvent.clear(within(region).getByLabelText('Code from the app'));
    await userEvent.type(within(region).getByLabelText('Code from the app'), '222222');
    await userEvent.click(within(region).getByRole('button', { name: 'Turn on' }));
    expect(supabase.auth.mfa.challengeAndVerify).toHaveBeenLastCalledWith({ factorId: 'factor-new', code: '222222' });
    const list = await within(region).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await userEvent.click(within(region).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(region).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  test('a set-up left half-way does not block its name: the abandoned authenticator is removed first', async () => {
    const abandoned = { ...phone, id: 'factor-abandoned', status: 'unverified', friendly_name: 'Authenticator app' };
    supabase.auth.mfa.listFactors.mockResolvedValue({ data: { all: [abandoned], totp: [], phone: [], webauthn: [] }, error: null });
    // As Auth answers while the abandoned factor still holds the name.
    supabase.auth.mfa.enroll.mockImplementation(async () =>
      supabase.auth.mfa.unenroll.mock.calls.some(([args]) => (args as { factorId: string }).factorId === 'factor-abandoned')
        ? {
            data: {
              id: 'factor-new',
              type: 'totp',
              friendly_name: 'Authenticator app',
              totp: { qr_code: 'data:,', secret: 'ABCD', uri: '' },
            },
            error: null,
          }
        : { data: null, error: factorNameTaken('Authenticator app') },
    );
    supabase.rpc.mockImplementation(async () => ({ data: 0, error: null }));
    renderScreen(<Account />, '/account');
    const region = security();
    expect(await within(region).findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await within(region).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('removing an authenticator asks for a current code from it first', async () => {
    supabase.auth.mfa.listFactors.mockResolvedValue({ data: { all: [phone], totp: [phone], phone: [], webauthn: [] }, error: null });
    supabase.rpc.mockImplementation(async () => ({ data: 7, error: null }));
    renderScreen(<Account />, '/account');
    const region = security();
    expect(await within(region).findByText('7 recovery codes left.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Remove My phone' }));
    expect(supabase.auth.mfa.unenroll).not.toHaveBeenCalled();
    await userEvent.type(within(region).getByLabelText('Code from My phone'), '123456');
    supabase.auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [], phone: [], webauthn: [] }, error: null });
    await userEvent.click(within(region).getByRole('button', { name: 'Remove' }));
    expect(await within(region).findByText('My phone is removed.')).toBeInTheDocument();
    expect(supabase.auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(supabase.auth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
    expect(supabase.auth.refreshSession).toHaveBeenCalled();
    expect(supabase.rpc).toHaveBeenCalledWith('discard_mfa_recovery_codes');
  });

  test('after a recovery code the page says what happened: the authenticator kept, or removed as lost', async () => {
    const first = renderScreen(<Account />, { pathname: '/account', state: { twoFactorRecovered: 'kept' } });
    expect(await within(security()).findByText(/Two-factor sign-in stays on with your authenticator app/)).toBeInTheDocument();
    first.unmount();
    renderScreen(<Account />, { pathname: '/account', state: { twoFactorRecovered: 'removed' } });
    expect(await within(security()).findByText(/removed your lost authenticator, so two-factor sign-in is off/)).toBeInTheDocument();
  });
});

describe('a password change the server wants confirmed', () => {
  test('mails a code, keeps what was typed, and sends the code as the nonce', async () => {
    supabase.auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error: reauthenticationNeeded() });
    renderScreen(<Account />, '/account');
    const password = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(password).getByLabelText('New password'), 'secret-2');
    await userEvent.type(within(password).getByLabelText('Confirm new password'), 'secret-2');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('alert')).toHaveTextContent('enter the code we emailed you');
    expect(supabase.auth.reauthenticate).toHaveBeenCalledTimes(1);
    expect(within(password).getByLabelText('New password')).toHaveValue('secret-2');
    await userEvent.type(within(password).getByLabelText('Code from the email'), '135790');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Your password has been changed.')).toBeInTheDocument();
    expect(supabase.auth.updateUser).toHaveBeenLastCalledWith({ password: 'secret-2', nonce: '135790' });
  });
});
