// Live across browsers, in Chromium against local-cloud's Realtime: a save in one browser shows in
// another at once, with no conflict; a message sent to a published page appears on the owner's open
// /account without a reload.
import { expect, test } from '@playwright/test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { closeContexts, trackPageErrors } from '../support/browser';
import { sharedStack, type SharedStack } from '../support/stack';
import { createConfirmedUser, signedInContext } from '../support/accounts';
import { serviceClient, userClient } from '../support/portfolios';

let stack: SharedStack;
let browser: Browser;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = sharedStack();
  browser = workerBrowser;
});

test.afterAll(async () => {
  await closeContexts(browser);
});

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

async function signedInPage(user: User): Promise<Page> {
  return (await signedInContext(browser, stack, user)).newPage();
}

/**
 * Settles once Realtime accepted the page's join of `topic` with its Postgres Changes (`table`): from
 * then on a change is delivered. Read from the websocket's frames, so no guessing how long a join takes.
 */
function joined(page: Page, topic: string, table: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes(`"realtime:${topic}`) && text.includes('phx_reply') && text.includes('"ok"') && text.includes(`"${table}"`))
          resolve();
      }),
    );
  });
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${text}`) });
const nameField = (page: Page) => page.getByLabel('Name', { exact: true });

test('a save in one browser shows in the other within a second, with no conflict', async () => {
  const user = await createConfirmedUser(stack, 'Two Devices');
  const laptop = await signedInPage(user);
  const errors = trackPageErrors(laptop);
  await laptop.goto(`${stack.shellUrl}/design`);
  await laptop.waitForURL(/\/design\?portfolio=/);
  await status(laptop, 'Saved').waitFor();
  const id = new URL(laptop.url()).searchParams.get('portfolio')!;

  const phone = await signedInPage(user);
  const listening = joined(phone, 'portfolio:', 'portfolios');
  await phone.goto(`${stack.shellUrl}/design?portfolio=${id}`);
  await status(phone, 'Saved').waitFor();
  await listening;
  // Presence on the user's private channel: each sees the other.
  await expect(laptop.getByText('Also open in another tab or on another device')).toBeVisible();

  await nameField(laptop).fill('Typed on the laptop');
  await status(laptop, 'Saved').waitFor();
  await expect(nameField(phone)).toHaveValue('Typed on the laptop', { timeout: 1000 });
  await expect(status(phone, 'Updated from another tab or device')).toBeVisible();
  await expect(phone.getByRole('alertdialog')).toHaveCount(0);

  // The phone's next save is accepted: it is on the newest version.
  await nameField(phone).fill('Then on the phone');
  await status(phone, 'Saved').waitFor();
  await expect(nameField(laptop)).toHaveValue('Then on the phone', { timeout: 1000 });
  assert.deepEqual(errors, []);
});

test("a message sent to a published page appears on the owner's open /account without a reload", async () => {
  const user = await createConfirmedUser(stack, 'Page Owner');
  const { client } = await userClient(stack, user);
  const made = await client.from('portfolios').insert({ template_id: 'generator', title: 'Live studio' }).select('id').single();
  assert.equal(made.error, null);
  const slug = `live-${Date.now()}`;
  // Published as the publish function writes it (the service role): this test is about the message.
  const service = await serviceClient(stack);
  assert.equal((await service.from('portfolios').update({ slug, published: true }).eq('id', made.data!.id)).error, null);

  const page = await signedInPage(user);
  const listening = joined(page, 'account:', 'page_messages');
  await page.goto(`${stack.shellUrl}/account`);
  await expect(page.getByRole('heading', { name: /^Messages from your pages/ })).toBeVisible();
  await listening;

  // A visitor sends the page's contact form.
  const sent = await fetch(`${stack.cloudUrl}/functions/v1/page-message`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.shellUrl },
    body: new URLSearchParams({
      portfolio: made.data!.id,
      slug,
      name: 'Zoë Visitor',
      email: 'zoe@example.com',
      message: 'Do you take commissions?',
      website: '',
    }).toString(),
  });
  assert.equal(sent.status, 303);
  await expect(page.getByText('Do you take commissions?')).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Messages from your pages (1 new)' })).toBeVisible();
});
