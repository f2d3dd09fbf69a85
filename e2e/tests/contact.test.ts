// Contact Us through the contact function, which sends on to local-cloud's EmailJS sink.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { closeContexts } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { listMail } from '../support/mailbox';
import { uniqueLabel } from '../support/accounts';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('a sent message reaches the mailbox and only then does the page thank the visitor', async () => {
  // The mailbox is the whole run's: other tests' mails (receipts, sign-ups) are in it too.
  const reference = uniqueLabel('ref-');
  const page = await browser.newPage();
  await page.goto(`${stack.shellUrl}/contact-us`);
  await page.getByLabel(/message/i).fill(`I would like a custom domain for my portfolio (${reference}).`);
  await page.getByLabel(/name/i).fill('Ada Lovelace');
  await page.getByLabel(/email/i).fill('ada@example.com');
  await expect(page.getByText('Thank you for your message')).toHaveCount(0);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Thank you for your message')).toBeVisible();
  const messages = await listMail(stack.cloudUrl);
  const sent = messages.find((message) => message.kind === 'emailjs' && JSON.stringify(message.meta).includes(reference));
  assert.ok(sent, 'the message is in the mailbox');
  assert.match(JSON.stringify(sent.meta), /custom domain for my portfolio/);
  assert.match(JSON.stringify(sent.meta), /ada@example\.com/);
  await page.close();
});

test('when sending fails the visitor is told and keeps what they typed', async () => {
  const page = await browser.newPage();
  await page.route('**/functions/v1/contact', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'The mail service is down' }) }),
  );
  await page.goto(`${stack.shellUrl}/contact-us`);
  await page.getByLabel(/message/i).fill('Please call me back.');
  await page.getByLabel(/name/i).fill('Grace');
  await page.getByLabel(/email/i).fill('grace@example.com');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The mail service is down.' })).toBeVisible();
  await expect(page.getByText('Thank you for your message')).toHaveCount(0);
  await expect(page.getByLabel(/message/i)).toHaveValue('Please call me back.');
  await page.close();
});
