import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import emailjs, { type EmailJSResponseStatus } from '@emailjs/browser';
import { setRuntimeConfig } from '@folioforge/shared';
import { testRuntimeConfig } from '@folioforge/shared/testing';
import ContactUs from './ContactUs';

// The SDK never reaches the network here: its init and send are replaced for every test.
let sendMock: jest.SpiedFunction<typeof emailjs.send>;
let initMock: jest.SpiedFunction<typeof emailjs.init>;

const EMAILJS = {
  origin: 'http://localhost:54321/emailjs',
  publicKey: 'public-key-from-config',
  serviceId: 'service-from-config',
  templateId: 'template-from-config',
};

const CONFIG = testRuntimeConfig({ emailjs: EMAILJS });

/** A send the test settles when it wants, to look at the page while the message is on its way. */
function pendingSend() {
  let resolve!: (value: EmailJSResponseStatus) => void;
  let reject!: (reason: unknown) => void;
  sendMock.mockImplementationOnce(
    () =>
      new Promise<EmailJSResponseStatus>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { resolve: (value: EmailJSResponseStatus) => resolve(value), reject: (reason: unknown) => reject(reason) };
}

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Message'), 'I would like a custom domain for my portfolio.');
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
}

beforeEach(() => {
  initMock = jest.spyOn(emailjs, 'init').mockImplementation(() => undefined);
  sendMock = jest.spyOn(emailjs, 'send').mockRejectedValue(new Error('unexpected send'));
  setRuntimeConfig(CONFIG);
});

afterEach(() => {
  jest.restoreAllMocks();
});

test('thanks the visitor only after the send succeeded, having sent the three fields to the configured EmailJS', async () => {
  const pending = pendingSend();
  render(<ContactUs />);
  expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));

  expect(initMock).toHaveBeenCalledWith(
    expect.objectContaining({ publicKey: EMAILJS.publicKey, origin: EMAILJS.origin, blockHeadless: false }),
  );
  expect(sendMock).toHaveBeenCalledWith(
    EMAILJS.serviceId,
    EMAILJS.templateId,
    { message: 'I would like a custom domain for my portfolio.', user_name: 'Ada Lovelace', user_email: 'ada@example.com' },
    expect.objectContaining({ publicKey: EMAILJS.publicKey }),
  );
  expect(screen.queryByText('Thank you for your message')).not.toBeInTheDocument();

  await act(async () => pending.resolve({ status: 200, text: 'OK' }));
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

  await act(async () => pending.resolve({ status: 200, text: 'OK' }));
  expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
});

test('when the service refuses, says so in an alert and keeps everything the visitor typed', async () => {
  const pending = pendingSend();
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  // EmailJS rejects with its response status, not an Error.
  await act(async () => pending.reject({ status: 400, text: 'The service is down' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your message was not sent.');
  expect(alert).toHaveTextContent('The mail service refused the message: The service is down.');
  expect(screen.queryByText('Thank you for your message')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Message')).toHaveValue('I would like a custom domain for my portfolio.');
  expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');

  // Trying again works, and the error goes away.
  sendMock.mockResolvedValueOnce({ status: 200, text: 'OK' });
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Thank you for your message')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a network failure is explained as one', async () => {
  sendMock.mockRejectedValueOnce({ status: 0, text: 'Network Error' });
  render(<ContactUs />);
  await fillForm();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the mail service/i);
});

test('hints at a mistyped email address without stopping the visitor from sending', async () => {
  sendMock.mockResolvedValueOnce({ status: 200, text: 'OK' });
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
