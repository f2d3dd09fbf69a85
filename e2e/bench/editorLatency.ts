// Key press in a /design field → the preview showing the new character, timed inside the page from
// the keydown event: to the preview's DOM holding the character (the app's own work), and to the
// animation frame after it (what the visitor sees, which also waits for the browser's next frame).
// The same measure on two reference pages gives the floors this browser and machine set at the same
// slowdown: a bare page (an input copied into a div by one line of script) and a React page with one
// controlled input copied into a span (the least any React screen does per key).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { SCHEMA_VERSION, SECTION_KINDS, type AnyItem, type Portfolio, type Section, type SectionKind } from '@folioforge/templates/model';
import type { Stack } from '../support/stack';
import { createConfirmedUser, logInThroughUi } from '../support/accounts';
import { median, percentile } from './firstLoad';

const CPU_SLOWDOWN = 4;
// Presses typed before timing starts, so the figures are of a page already typed in (code compiled,
// caches warm), not of its first key.
export const WARM_UP_PRESSES = 20;

export interface LatencyResult {
  samples: number;
  medianMs: number;
  p95Ms: number;
  domMedianMs: number;
  domP95Ms: number;
  /** Each key's time to the next frame, and to the DOM: what `pooledLatency` joins. */
  latencies: number[];
  domLatencies: number[];
}

function latencyResult(latencies: number[], domLatencies: number[]): LatencyResult {
  return {
    samples: latencies.length,
    medianMs: median(latencies),
    p95Ms: percentile(latencies, 95),
    domMedianMs: median(domLatencies),
    domP95Ms: percentile(domLatencies, 95),
    latencies,
    domLatencies,
  };
}

/** Several runs' keys as one result (runs of two builds, alternated so the machine's drift weighs on both). */
export function pooledLatency(results: readonly LatencyResult[]): LatencyResult {
  return latencyResult(
    results.flatMap((result) => result.latencies),
    results.flatMap((result) => result.domLatencies),
  );
}

/** Types `samples` letters into `field` under CPU slowdown and times each until `previewSelector` shows it. */
async function timeKeyPresses(page: Page, field: Locator, previewSelector: string, samples: number): Promise<LatencyResult> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate((selector) => {
    const w = window as unknown as { __latencies: number[]; __domLatencies: number[]; __pending: number | null; __timing: boolean };
    w.__latencies = [];
    w.__domLatencies = [];
    w.__pending = null;
    w.__timing = false;
    document.addEventListener(
      'keydown',
      (event) => {
        if (w.__timing && event.key.length === 1) w.__pending = event.timeStamp;
      },
      true,
    );
    new MutationObserver(() => {
      const started = w.__pending;
      if (started === null) return;
      w.__pending = null;
      w.__domLatencies.push(performance.now() - started);
      requestAnimationFrame(() => w.__latencies.push(performance.now() - started));
    }).observe(document.querySelector(selector)!, { subtree: true, characterData: true, childList: true });
  }, previewSelector);
  await field.focus();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const type = async (presses: number) => {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(letters[i % letters.length]!);
      await page.waitForTimeout(20);
    }
  };
  await type(WARM_UP_PRESSES);
  await page.waitForTimeout(200);
  await page.evaluate(() => {
    (window as unknown as { __timing: boolean }).__timing = true;
  });
  await type(samples);
  await page.waitForTimeout(200);
  const { latencies, domLatencies } = await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __domLatencies: number[] };
    return { latencies: w.__latencies, domLatencies: w.__domLatencies };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return latencyResult(latencies, domLatencies);
}

/** Issue 21's measure: a portfolio of 30 items in 8 sections, every field filled. */
export function bigPortfolio(): Portfolio {
  const kinds: SectionKind[] = ['projects', 'experience', 'education', 'skills', 'highlights', 'products', 'testimonials', 'contact'];
  const counts = [6, 5, 3, 6, 3, 3, 2, 2];
  const text = (kind: string, n: number, key: string) =>
    key === 'url'
      ? `https://example.com/${kind}/${n}`
      : key === 'image'
        ? ''
        : key.endsWith('Date')
          ? '2024'
          : `${kind} ${n} ${key}: a few words of text`;
  const sections = kinds.map(
    (kind, index) =>
      ({
        id: `${kind}-section`,
        kind,
        title: SECTION_KINDS[kind].label,
        hidden: false,
        body: '',
        items: Array.from({ length: counts[index]! }, (_, n) =>
          Object.fromEntries([['id', `${kind}-${n}`], ...SECTION_KINDS[kind].fields.map((field) => [field.key, text(kind, n, field.key)])]),
        ) as AnyItem[],
      }) as Section,
  );
  return {
    schemaVersion: SCHEMA_VERSION,
    profile: {
      name: 'Bench Person',
      email: 'bench@example.com',
      headline: '<p>Measuring the editor</p>',
      about: '<p>About the bench person, a paragraph of text to type into.</p>',
      address: 'Pune',
      phone: '+91 90000 00000',
      website: 'https://bench.example.com',
      photo: 'sample:portraitAarav',
      resume: '',
    },
    socials: [{ id: 'github', network: 'GitHub', url: 'https://github.com/bench' }],
    sections,
  };
}

/** /design opened on a device draft of `portfolio` (template 1), as a reload would reopen it. */
async function openDesignWith(page: Page, stack: Stack, portfolio: Portfolio | undefined) {
  if (!portfolio) {
    await page.goto(`${stack.shellUrl}/templates`);
    await page
      .getByRole('button', { name: /use template/i })
      .first()
      .click();
    return;
  }
  await page.goto(`${stack.shellUrl}/templates`);
  await page.evaluate((draft) => {
    localStorage.setItem(
      'folioforge.editor.drafts.v2',
      JSON.stringify({
        version: 2,
        last: 'bench',
        drafts: { bench: { id: 'bench', templateId: '1', portfolio: draft, updatedAt: Date.now() } },
      }),
    );
  }, portfolio);
  await page.goto(`${stack.shellUrl}/design`);
}

/** A build from before the model (the baseline) has no sections: it is measured with its own sample. */
export interface LatencyOptions {
  portfolio?: Portfolio;
}

export async function measureEditorLatency(
  browser: Browser,
  stack: Stack,
  samples = 200,
  { portfolio }: LatencyOptions = {},
): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openDesignWith(page, stack, portfolio);
  const field = page.getByLabel('Name', { exact: true }).first();
  await field.waitFor();
  await field.fill('');
  const result = await timeKeyPresses(page, field, '[data-testid="template-preview"]', samples);
  await context.close();
  return result;
}

export async function measureBarePageLatency(browser: Browser, samples = 200): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(
    '<input id="field" aria-label="Name"><div id="preview"><span id="copy"></span></div><script>field.oninput = () => { copy.textContent = field.value; };</script>',
  );
  const result = await timeKeyPresses(page, page.locator('#field'), '#preview', samples);
  await context.close();
  return result;
}

/** A library's UMD build (React's own), to load it in a page without a bundler. */
export const umdBuild = (pkg: string, file: string) => {
  const require = createRequire(import.meta.url);
  return readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'umd', file), 'utf8');
};

export async function measureReactFloorLatency(browser: Browser, samples = 200): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const app = `const h = React.createElement;
function App() {
  const [value, setValue] = React.useState('');
  return h('div', null, h('input', { id: 'field', 'aria-label': 'Name', value, onChange: (event) => setValue(event.target.value) }), h('div', { id: 'preview' }, h('span', null, value)));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));`;
  await page.setContent(
    `<div id="root"></div><script>${umdBuild('react', 'react.production.min.js')}</script><script>${umdBuild('react-dom', 'react-dom.production.min.js')}</script><script>${app}</script>`,
  );
  const result = await timeKeyPresses(page, page.locator('#field'), '#preview', samples);
  await context.close();
  return result;
}

/** The same in a rich text field (template 1's About, Tiptap): key press → the preview's copy of it. */
export async function measureRichTextLatency(
  browser: Browser,
  stack: Stack,
  samples = 200,
  { portfolio }: LatencyOptions = {},
): Promise<LatencyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openDesignWith(page, stack, portfolio);
  await page.getByRole('textbox', { name: 'About', exact: true }).first().click();
  // The field opens its editor when focused (loaded apart from the form).
  const field = page.locator('main form [contenteditable="true"][aria-label="About"]');
  await field.waitFor();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  const result = await timeKeyPresses(page, field, '[data-testid="template-preview"]', samples);
  await context.close();
  return result;
}

/**
 * Signed in, from the last key press in a field to the save state saying "Saved" (the account has
 * accepted it): the pause the editor waits for (about a second) plus the save itself. One key, then
 * wait, `samples` times.
 */
export async function measureTimeToSaved(browser: Browser, stack: Stack, samples = 20): Promise<number[]> {
  const user = await createConfirmedUser(stack, 'Bench Saver');
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughUi(page, stack, user);
  await page.goto(`${stack.shellUrl}/design`);
  await page.waitForURL(/\/design\?portfolio=/);
  const status = page.getByRole('status').filter({ hasText: /^(Saved|Saving…)$/ });
  await status.filter({ hasText: 'Saved' }).waitFor();
  const field = page.getByLabel('Name', { exact: true });
  await field.click();
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number | null; __savedAt: number | null };
    w.__keyAt = null;
    w.__savedAt = null;
    document.addEventListener('keydown', (event) => {
      if (event.key.length === 1) {
        w.__keyAt = event.timeStamp;
        w.__savedAt = null;
      }
    });
    // Inline callbacks only: tsx names declared functions with a helper the page does not have.
    new MutationObserver(() => {
      for (const element of Array.from(document.querySelectorAll('[role="status"]'))) {
        if (element.textContent === 'Saved' && w.__keyAt !== null && w.__savedAt === null) w.__savedAt = performance.now();
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    await page.keyboard.press('abcdefghijklmnopqrstuvwxyz'[i % 26]!);
    await page.waitForFunction(() => (window as unknown as { __savedAt: number | null }).__savedAt !== null, null, { timeout: 15_000 });
    times.push(
      await page.evaluate(() => {
        const w = window as unknown as { __keyAt: number; __savedAt: number };
        return w.__savedAt - w.__keyAt;
      }),
    );
  }
  await context.close();
  return times;
}
