// Issue 22: a published page with a real photo beside one with the sample drawings. The photo is a
// generated 4000×3000 JPEG of about 5 MB, chosen in the editor's picture field (prepared in the
// browser, stored with its copies), then the page is published; Lighthouse's mobile figures for each
// page, with the goals they miss: performance ≥ 98, LCP ≤ 1.5 s, SEO 100, total bytes ≤ 400 KB.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Stack } from '../support/stack';
import { writePhotoFiles } from '../support/photos';
import { medianRun, runLighthouse, type LighthouseFigures } from './lighthouse';
import { publisher } from './publishing';

export const PAGE_GOALS = { performance: 98, lcpMs: 1500, seo: 100, bytes: 400 * 1024 } as const;

/** The goals a page misses, in words. */
export function missedPageGoals(figures: LighthouseFigures): string[] {
  return [
    figures.performance < PAGE_GOALS.performance ? `performance < ${PAGE_GOALS.performance}` : '',
    figures.lcpMs > PAGE_GOALS.lcpMs ? `LCP > ${(PAGE_GOALS.lcpMs / 1000).toFixed(1)} s` : '',
    figures.seo < PAGE_GOALS.seo ? `SEO < ${PAGE_GOALS.seo}` : '',
    figures.bytes > PAGE_GOALS.bytes ? `bytes > ${PAGE_GOALS.bytes / 1024} KB` : '',
  ].filter(Boolean);
}

async function publishAt(page: Page, slug: string) {
  const region = page.getByRole('region', { name: 'Publish' });
  if (await region.getByLabel('Page address').isEditable()) {
    await region.getByLabel('Page address').fill(slug);
    await region.getByText('This address is free.').waitFor();
  }
  await region.getByRole('button', { name: /^Publish/ }).click();
  await region
    .getByRole('status')
    .getByText(/Your page is (published|updated)\./)
    .waitFor({ timeout: 60_000 });
}

/**
 * A bare page (a heading and a paragraph, its robots.txt beside it), measured as the pages are: what
 * this browser and machine score with nothing to load, so a page's figures can be read against it.
 */
export async function bareFloor(runs: number): Promise<LighthouseFigures> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A bare page</title><meta name="description" content="A heading and a paragraph, nothing else."></head><body><h1>A bare page</h1><p>${'Nothing but text. '.repeat(100)}</p></body></html>`;
  const server = http.createServer((req, res) => {
    const robots = req.url === '/robots.txt';
    res.writeHead(200, { 'Content-Type': robots ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8' });
    res.end(robots ? 'User-agent: *\nAllow: /\n' : html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await lighthouseOf(`http://localhost:${(server.address() as AddressInfo).port}/`, 'page-bare', runs);
  } finally {
    server.close();
  }
}

async function lighthouseOf(url: string, name: string, runs: number): Promise<LighthouseFigures> {
  const figures: LighthouseFigures[] = [];
  for (let run = 1; run <= runs; run += 1) figures.push(await runLighthouse(url, `${name}-${run}`));
  return medianRun(figures);
}

/** Publishes the drawings page and the photo page, measures both, prints them side by side; returns what misses. */
export async function benchPhotoPages(browser: Browser, stack: Stack, runs: number, log = console.log): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-bench-photo-'));
  const photo = path.join(dir, 'IMG_4032.jpg');
  try {
    await writePhotoFiles(browser, [[photo, 4000, 3000, 5 * 1024 * 1024]]);
    const page = await publisher(browser, stack);
    const id = Date.now().toString(36);
    await page.getByLabel('Name', { exact: true }).fill('Bench Photographer');
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor({ timeout: 15_000 });

    // The sample drawings, as the template comes.
    const drawingsSlug = `bench-drawings-${id}`;
    await publishAt(page, drawingsSlug);
    const drawingsUrl = `${stack.shellUrl}/p/${drawingsSlug}/`;
    const drawings = await lighthouseOf(drawingsUrl, 'page-drawings', runs);

    // The same page with the photo, at its own address (its copy of the drawings page is taken down first).
    await page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('region', { name: 'Publish' }).getByLabel('Page address').waitFor();
    await page.getByLabel('Profile image', { exact: true }).setInputFiles(photo);
    await page.getByText('Stored in your account: IMG_4032.jpg').waitFor({ timeout: 120_000 });
    const saving = (await page.getByText(/^Resized for the web: /).textContent()) ?? '';
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .waitFor({ timeout: 15_000 });
    const photoSlug = `bench-photo-${id}`;
    await publishAt(page, photoSlug);
    const photoUrl = `${stack.shellUrl}/p/${photoSlug}/`;
    const withPhoto = await lighthouseOf(photoUrl, 'page-photo', runs);
    const html = await (await fetch(photoUrl)).text();
    await page.close();
    const floor = await bareFloor(runs);

    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    log(
      `\nPublished pages, Lighthouse ${runs > 1 ? `median of ${runs} runs` : 'one run'}, mobile (goals: performance ≥ ${PAGE_GOALS.performance}, LCP ≤ ${PAGE_GOALS.lcpMs / 1000} s, SEO ${PAGE_GOALS.seo}, total bytes ≤ ${PAGE_GOALS.bytes / 1024} KB):`,
    );
    log(`  photo: ${(fs.statSync(photo).size / (1024 * 1024)).toFixed(1)} MB JPEG 4000×3000; the editor said "${saving}"`);
    log(`  ${'page'.padEnd(26)} perf  LCP     TBT      SEO  bytes    goal`);
    const row = (label: string, figures: LighthouseFigures, verdict: string) =>
      log(
        `  ${label.padEnd(26)} ${String(figures.performance).padStart(4)}  ${`${(figures.lcpMs / 1000).toFixed(1)} s`.padEnd(7)} ${`${Math.round(figures.tbtMs)} ms`.padEnd(8)} ${String(figures.seo).padStart(3)}  ${kb(figures.bytes).padEnd(8)} ${verdict}`,
      );
    row('bare page', floor, "(this browser and machine's floor: nothing to load, no goal)");
    const missing: string[] = [];
    for (const [label, figures] of [
      ['sample drawings', drawings],
      ['4000×3000 photo', withPhoto],
    ] as const) {
      const missed = missedPageGoals(figures);
      if (missed.length) missing.push(`${label} (${missed.join(', ')})`);
      row(label, figures, missed.length ? `MISSED: ${missed.join(', ')}` : 'met');
    }
    log(
      `  the photo page's <img>: ${html.includes('srcset=') ? 'has srcset' : 'NO srcset'}, ${/<img[^>]*\swidth=/.test(html) ? 'has width/height' : 'NO width/height'}`,
    );
    return missing;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
