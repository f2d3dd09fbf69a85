import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { setRuntimeConfig, setSupabase, type FolioForgeClient } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';
import ContactUs from './ContactUs';

// The page's Supabase client is a fake here: its function calls never reach the network.
type Invoke = (name: string, options: { body: unknown }) => Promise<{ data: unknown; error: unknown }>;
let sendMock: jest.Mock<Invoke>;

/** The function's answer as supabase-js hands a failure over: its Response in `context`. */
const refusal = (status: number, error: string) =>
  new FunctionsHttpError(new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } }));
const SENT = { data: { sent: true }, error: null };

/** A send the test settles when it wants, to look at the page while the message is on its way. */
function pendingSend() {
  let resolve!: (value: { data: unknown; error: unknown }) => void;
  sendMock.mockImplementationOnce(() => new Promise((res) => (resolve = res)));
  return { resolve: (value: { data: unknown; error: unknown }) => resolve(value) };
}

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Message'), 'I would like a custom domain for my portfolio.');
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
}

beforeEach(() => {
  sendMock = jest.fn<Invoke>().mockRejectedValue(new Error('unexpected send'));
  setRuntimeConfig(testRuntimeConfig());
  setSupabase({ functions: { invoke: sendMock } } as unknown as FolioForgeClient);
});

afterEach(() => {
  setSupabase(undefined);
  jest.restoreAllMocks();
});

test('thanks the visitor only after the send succeeded, having sent the three fields to the contact function', async () => {
  const pending = pendingSend();
  render(<ContactUs />);
  expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));

  expect(sendMock).toHaveBeenCalledWith('contact', {
    body: { message: 'I would like a custom domain for my portfolio.', user_name: 'Ada Lovelace', user_email: 'ada@example.com' },
  });
  expect(screen.queryByText('Thank you for your message')).not.toBeInTheDocument();

  await act(async () => pending.resolve(SENT));
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveValue('');
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByLabelText('Email')).toHaveValue('');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('shows a busy Send button while the message is on its way and sends only once', async () => {
  const pending = pendingSend();
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));

  const busy = screen.getByRole('button', { name: /sending/i });
  expect(busy).toBeDisabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  await userEvent.type(screen.getByLabelText('Name'), '{Enter}');
  expect(sendMock).toHaveBeenCalledTimes(1);

  await act(async () => pending.resolve(SENT));
  expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
});

test('when the service refuses, says so in an alert and keeps everything the visitor typed', async () => {
  const pending = pendingSend();
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await act(async () => pending.resolve({ data: null, error: refusal(502, 'The mail service refused the message: The service is down') }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your message was not sent.');
  expect(alert).toHaveTextContent('The mail service refused the message: The service is down.');
  expect(screen.queryByText('Thank you for your message')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveValue('I would like a custom domain for my portfolio.');
  expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');

  // Trying again works, and the error goes away.
  sendMock.mockResolvedValueOnce(SENT);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a network failure is explained as one', async () => {
  sendMock.mockResolvedValueOnce({ data: null, error: new FunctionsFetchError(new TypeError('Failed to fetch')) });
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the mail service/i);
});

test('hints at a mistyped email address without stopping the visitor from sending', async () => {
  sendMock.mockResolvedValueOnce(SENT);
  render(<ContactUs />);
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAccessibleDescription('We reply to this address.');
  await userEvent.type(email, 'ada.example.com');
  // Not while typing: only once the visitor leaves the field.
  expect(email).toHaveAccessibleDescription('We reply to this address.');
  await userEvent.tab();
  expect(email).toHaveAccessibleDescription(/check this address, e\.g\. name@example\.com/i);

  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(sendMock).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
});
