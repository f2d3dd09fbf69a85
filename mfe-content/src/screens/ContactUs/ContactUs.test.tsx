import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { setRuntimeConfig, setSupabase, type FolioForgeClient } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';
import ContactUs from './ContactUs';
import { formatWait } from './sendContactMessage';

// The page's Supabase client is a fake here: its function calls never reach the network.
type Invoke = (name: string, options: { body: unknown }) => Promise<{ data: unknown; error: unknown }>;
let sendMock: jest.Mock<Invoke>;

/** The function's answer as supabase-js hands a failure over: its Response in `context`. */
const refusal = (status: number, error: string) =>
  new FunctionsHttpError(new Response(JSON.stringify({ error }), { status, headers: { 'Content-Type': 'application/json' } }));
const SENT = { data: { sent: true, priority: false }, error: null };

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
    body: {
      action: 'send',
      message: 'I would like a custom domain for my portfolio.',
      user_name: 'Ada Lovelace',
      user_email: 'ada@example.com',
    },
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

test('empty or wrong fields are said beside each field before anything is sent, and announced', async () => {
  render(<ContactUs />);
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(sendMock).not.toHaveBeenCalled();
  const message = screen.getByLabelText('Message');
  expect(message).toHaveFocus();
  expect(message).toHaveAttribute('aria-invalid', 'true');
  expect(message).toHaveAccessibleDescription('Enter your message.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
    'We reply to this address. Enter an email address like name@example.com.',
  );
  expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByTestId('form-announcer')).toHaveTextContent('Not sent: 2 fields need attention.');

  sendMock.mockResolvedValueOnce(SENT);
  await userEvent.type(message, 'Hello');
  await userEvent.clear(screen.getByLabelText('Email'));
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  expect(screen.queryByText(/^Enter/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
  // The emptied form is not wrong: nothing is marked until the next try.
  expect(screen.getByLabelText('Message')).not.toHaveAttribute('aria-invalid');
});

test("the function's field errors are shown beside their fields, the rest of the form kept", async () => {
  sendMock.mockResolvedValueOnce({
    data: null,
    error: new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'Check the fields', fieldErrors: { user_email: 'This address cannot receive mail.' } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  });
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  const email = screen.getByLabelText('Email');
  await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
  expect(email).toHaveAccessibleDescription(/This address cannot receive mail\./);
  expect(email).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveValue('I would like a custom domain for my portfolio.');
});

test('past the limit, says how long to wait, counts down, and sends nothing until then', async () => {
  jest.useFakeTimers({ now: new Date('2026-04-01T10:00:00Z') });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  sendMock.mockResolvedValueOnce({
    data: null,
    error: new FunctionsHttpError(
      new Response(JSON.stringify({ error: 'Too many messages', retryAfterSeconds: 65 }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '65' },
      }),
    ),
  });
  render(<ContactUs />);
  await user.type(screen.getByLabelText('Message'), 'Hello again');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('status')).toHaveTextContent('You can send it in 1 minute and 5 seconds; your text is still here.');
  expect(screen.getByText('1 minute and 5 seconds', { selector: 'strong' })).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(20_000));
  expect(screen.getByText('45 seconds', { selector: 'strong' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(sendMock).toHaveBeenCalledTimes(1);
  expect(screen.getByText(/You can send it in/, { selector: 'p' })).toHaveFocus();

  act(() => jest.advanceTimersByTime(45_000));
  expect(screen.getByRole('status')).toHaveTextContent('You can send your message now.');
  sendMock.mockResolvedValueOnce(SENT);
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
  expect(sendMock).toHaveBeenCalledTimes(2);
  jest.useRealTimers();
});

test('the wait is told in words people use', () => {
  expect(formatWait(1)).toBe('1 second');
  expect(formatWait(0.2)).toBe('1 second');
  expect(formatWait(59)).toBe('59 seconds');
  expect(formatWait(60)).toBe('1 minute');
  expect(formatWait(125)).toBe('2 minutes and 5 seconds');
});
