import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { setRuntimeConfig } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';
import { YourDataSection } from './YourDataSection';
import { installFakeSupabase, type FakeSupabase } from '../../test/fakeSupabase';
import { renderScreen } from '../../test/renderScreen';
import { fakeUser, resetAuthStore, signedInAs } from '../../test/authFixtures';

let supabase: FakeSupabase;
let fetchMock: jest.Mock<typeof fetch>;
const user = fakeUser({ id: 'user-1', email: 'ada@example.com' });

beforeEach(() => {
  supabase = installFakeSupabase();
  supabase.auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-of-ada' } }, error: null });
  setRuntimeConfig(testRuntimeConfig());
  signedInAs(user);
  fetchMock = jest.fn<typeof fetch>();
  globalThis.fetch = fetchMock;
});
afterEach(() => {
  resetAuthStore();
  jest.restoreAllMocks();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
/** The zip comes through fetch (streamed); the JSON calls through supabase-js's functions.invoke. */
const fetchedBody = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as Record<string, unknown>;
const invoked = (call = 0) => (supabase.functions.invoke.mock.calls[call] as unknown[] | undefined)?.[1];
const answered = (data: unknown) => ({ data, error: null });
const refused = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  data: null,
  error: new FunctionsHttpError(json(status, body, headers)),
});
const render = () => renderScreen(<YourDataSection user={user} />, '/account');

test('download: the zip is streamed with progress, then saved under the name the server gave', async () => {
  let push!: (chunk: Uint8Array | null) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
    },
  });
  fetchMock.mockResolvedValueOnce(
    new Response(body, {
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="folioforge-data-2026-04-01.zip"' },
    }),
  );
  const created = jest.fn<(blob: Blob) => string>(() => 'blob:zip');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(fetchMock.mock.calls[0]![0]).toBe('http://localhost:54321/functions/v1/account');
  expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer token-of-ada');
  expect(fetchedBody()).toEqual({ action: 'export' });
  expect(screen.getByText('Preparing your download…')).toBeInTheDocument();
  push(new Uint8Array(300_000));
  expect(await screen.findByText('Preparing your download… 0.3 MB so far.')).toBeInTheDocument();
  push(new Uint8Array(300_000));
  push(null);
  expect(await screen.findByText('Downloaded folioforge-data-2026-04-01.zip (0.6 MB).')).toBeInTheDocument();
  expect(created.mock.calls[0]![0].size).toBe(600_000);
  expect(clicked).toHaveBeenCalledTimes(1);
});

test('delete: nothing is sent without the password; a wrong one is said beside the field', async () => {
  supabase.functions.invoke.mockResolvedValueOnce(
    refused(400, { error: 'The password is not right.', fieldErrors: { password: 'This is not your password.' } }),
  );
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  expect(screen.getByRole('heading', { name: 'Delete my account' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  expect(supabase.functions.invoke).not.toHaveBeenCalled();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveFocus();
  expect(password).toHaveAccessibleDescription('Enter your password.');

  await userEvent.type(password, 'guess');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  await waitFor(() => expect(password).toHaveAccessibleDescription('This is not your password.'));
  expect(invoked()).toEqual({ body: { action: 'delete', password: 'guess' } });
  expect(supabase.functions.invoke.mock.calls[0]![0]).toBe('account');
  expect(screen.getByRole('button', { name: 'Delete my account for good' })).toBeEnabled();
});

test('delete with the right password: signed out, and sent home with where the confirmation went', async () => {
  supabase.functions.invoke.mockResolvedValueOnce(answered({ deleted: true, mailedTo: 'ada@example.com' }));
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
  expect(supabase.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  // /home shows it from the navigation's state (mfe-content's Home test).
  expect(JSON.parse(screen.getByTestId('destination-state').textContent!)).toEqual({ accountDeleted: { mailedTo: 'ada@example.com' } });
});

test('delete with a code: it is mailed, a second ask is told when it can be, and the code confirms', async () => {
  supabase.functions.invoke
    .mockResolvedValueOnce(answered({ sentTo: 'ada@example.com' }))
    .mockResolvedValueOnce(
      refused(
        429,
        { error: 'A code was sent a moment ago. You can ask for another in 42 seconds.', retryAfterSeconds: 42 },
        { 'Retry-After': '42' },
      ),
    )
    .mockResolvedValueOnce(refused(400, { error: 'Check the code.', fieldErrors: { code: 'That is not the code we sent. 4 tries left.' } }))
    .mockResolvedValueOnce(answered({ deleted: true, mailedTo: 'ada@example.com' }));
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  await userEvent.click(screen.getByLabelText('With a code sent to ada@example.com'));
  await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
  expect(await screen.findByText('We sent a code to ada@example.com. It works for 10 minutes.')).toBeInTheDocument();
  expect(invoked(0)).toEqual({ body: { action: 'send-deletion-code' } });
  await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText('A code was sent a moment ago. You can ask for another in 42 seconds.')).toBeInTheDocument();

  const code = screen.getByLabelText('Code from the email');
  await userEvent.type(code, '12');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  expect(code).toHaveAccessibleDescription('Enter the 6 digits from the email.');
  expect(supabase.functions.invoke).toHaveBeenCalledTimes(2);
  await userEvent.type(code, '3 456');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  await waitFor(() => expect(code).toHaveAccessibleDescription('That is not the code we sent. 4 tries left.'));
  expect(invoked(2)).toEqual({ body: { action: 'delete', code: '123 456' } });
  await userEvent.clear(code);
  await userEvent.type(code, '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  expect(await screen.findByRole('heading', { name: '/home page' })).toBeInTheDocument();
});
