import { afterEach, expect, test } from '@jest/globals';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import inlineStylesPlugin from './inlineStylesPlugin';

type PreloadOps = Parameters<NonNullable<ModuleFederationRuntimePlugin['beforePreloadRemote']>>[0]['preloadOps'];

afterEach(() => {
  document.head.innerHTML = '';
});

/** The ops as the runtime passes them when it loads a screen, after the plugin saw them. */
async function opsAfterPlugin(): Promise<PreloadOps> {
  const preloadOps: PreloadOps = [{ nameOrAlias: 'editor', exposes: ['Design'], resourceCategory: 'sync' }];
  await inlineStylesPlugin().beforePreloadRemote!({ preloadOps, options: {} as never, origin: {} as never });
  return preloadOps;
}

test('a screen whose styles the page carries inline gets no second copy of them linked', async () => {
  document.head.innerHTML =
    '<style data-prerendered data-href="chunks/__federation_expose_Design.21ee5149.css">main{}</style><style data-prerendered>b{}</style>';
  const [op] = await opsAfterPlugin();
  expect(op!.filter!('http://editor.test/chunks/__federation_expose_Design.21ee5149.css')).toBe(false);
  expect(op!.filter!('https://cdn.test/editor/2.0.0/chunks/__federation_expose_Design.21ee5149.css')).toBe(false);
  // Another build's sheet, another sheet, and scripts are linked as before.
  expect(op!.filter!('http://editor.test/chunks/__federation_expose_Design.99999999.css')).toBe(true);
  expect(op!.filter!('http://editor.test/chunks/9836.454b5354.css')).toBe(true);
  expect(op!.filter!('http://editor.test/chunks/__federation_expose_Design.21ee5149.js')).toBe(true);
});

test('a page with no styles inline links every sheet', async () => {
  const [op] = await opsAfterPlugin();
  expect(op!.filter).toBeUndefined();
});
