import type { Locator, Page } from 'playwright-core';
// Every screen of the product a visitor can open without an account, and a heading that shows it rendered.
export const SCREENS: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /^Login$/ },
  { path: '/login', heading: /^Login$/ },
  { path: '/register', heading: /^Register$/ },
  { path: '/home', heading: /Welcome to FolioForge/ },
  { path: '/blog', heading: /Blog/ },
  { path: '/contact-us', heading: /Contact Us/ },
  { path: '/features', heading: /Features/ },
  { path: '/templates', heading: /Template Collection/ },
  { path: '/design', heading: /Template Preview|Input Section/ },
  { path: '/portfo', heading: /Portfolio Generator|Personal Information/ },
  { path: '/template1', heading: /.+/ },
  { path: '/template2', heading: /.+/ },
  { path: '/pricing', heading: /Pricing/ },
];

export const UNAVAILABLE = 'This part of FolioForge is unavailable right now';

/** Presses Publish in the publish panel; when it asks about sample text still on the page, publishes it all the same. */
export async function publishInPanel(region: Locator, name: string | RegExp = /^Publish/): Promise<void> {
  await region.getByRole('button', { name }).click();
  // The question is drawn by the click itself (a discrete event React renders at once).
  const anyway = region.getByRole('button', { name: 'Publish with the sample text' });
  if (await anyway.isVisible()) await anyway.click();
}

/** The editor's form of portfolio fields, on /design and /portfo (the publish panel holds forms of its own). */
export const editorForm = (page: Page): Locator => page.getByRole('form', { name: / details$/ });
