// Adding a template is adding a folder. A test build copies this package's sources, drops the fifth
// template fixture in as a new folder, runs the indexer, and loads the result: the registry, its
// sample, its page and the payment function's price all know template 5.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type * as TemplatesModule from './index';
import type * as PricesModule from '../../supabase/functions/_shared/prices';

const repoRoot = path.resolve(__dirname, '../..');
const indexer = path.join(repoRoot, 'tooling/templateIndex.mjs');
let build: string;

function runIndexer(...args: string[]) {
  return spawnSync(process.execPath, [indexer, ...args], { cwd: repoRoot, encoding: 'utf8' });
}

beforeAll(() => {
  // Inside the repository, so the copy resolves @folioforge/shared and react as the real package does.
  build = fs.mkdtempSync(path.join(repoRoot, 'templates', '.test-build-'));
  fs.cpSync(__dirname, path.join(build, 'src'), { recursive: true, filter: (source) => !/\.test\.tsx?$/.test(source) });
  fs.cpSync(path.join(__dirname, 'testing/fifthTemplate'), path.join(build, 'src/studio'), { recursive: true });
  const result = runIndexer(
    '--src',
    path.join(build, 'src'),
    '--registry',
    path.join(build, 'src/registry.generated.ts'),
    '--prices',
    path.join(build, 'templatePrices.generated.ts'),
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});

afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

describe('a fifth template folder', () => {
  test('is in the registry, in id order, with the id and price from its template.json', () => {
    let templates!: typeof TemplatesModule;
    jest.isolateModules(() => {
      templates = jest.requireActual<typeof TemplatesModule>(path.join(build, 'src/index.ts'));
    });
    expect(templates.TEMPLATES.map((template) => template.id)).toEqual([1, 2, 3, 4, 5]);
    const fifth = templates.getTemplate('5');
    expect(fifth).toMatchObject({ id: 5, name: 'Studio Page', priceRupees: 250, getButtonLabel: 'Get Temp 5' });
    // Its sample passes the shared schema and its page shows any portfolio, its sections too.
    expect(templates.checkPortfolio(fifth!.sample)).toMatchObject({ ok: true });
    const { Page } = fifth!;
    render(<Page portfolio={{ ...fifth!.sample, profile: { ...fifth!.sample.profile, name: 'Made in the test build' } }} />);
    expect(screen.getByRole('heading', { name: 'Made in the test build' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our story' })).toBeInTheDocument();
  });

  test('is charged by the payment function at its price, in paise', () => {
    let prices!: typeof PricesModule;
    jest.isolateModules(() => {
      jest.doMock('../../supabase/functions/_shared/templatePrices.generated', () =>
        jest.requireActual(path.join(build, 'templatePrices.generated.ts')),
      );
      prices = jest.requireActual<typeof PricesModule>('../../supabase/functions/_shared/prices');
    });
    expect(prices.priceOf({ itemType: 'template', itemId: '5' })).toBe(25_000);
    expect(prices.priceOf({ itemType: 'template', itemId: 5 })).toBe(25_000);
    expect(prices.priceOf({ itemType: 'template', itemId: '6' })).toBeUndefined();
    expect(prices.priceOf({ itemType: 'template', itemId: '3' })).toBe(80_000);
  });
});

describe('the template index', () => {
  test('committed registry and price list match the folders (else: npm run templates:index)', () => {
    const result = runIndexer('--check');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  test('two folders with one id are refused, naming both', () => {
    fs.cpSync(path.join(__dirname, 'testing/fifthTemplate'), path.join(build, 'src/studioTwin'), { recursive: true });
    const result = runIndexer('--src', path.join(build, 'src'), '--check');
    fs.rmSync(path.join(build, 'src/studioTwin'), { recursive: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/templates studio and studioTwin both have id 5/);
  });
});
