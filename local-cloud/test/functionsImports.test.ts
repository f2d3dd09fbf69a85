// Supabase deploys an Edge Function with what is under supabase/functions/ and nothing else
// (supabase/cli#3467): an import reaching outside works here and breaks `supabase functions deploy`.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const FUNCTIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../supabase/functions');

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(full)));
    else if (/\.(m?[jt]sx?)$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** Every module specifier of `import … from '…'`, `export … from '…'` and `import('…')`. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm,
  )) {
    found.push((match[1] ?? match[2] ?? match[3])!);
  }
  return found;
}

test('every function imports only files under supabase/functions/, or packages its deno.json maps', async () => {
  const outside: string[] = [];
  const files = await sourceFiles(FUNCTIONS);
  assert.ok(files.length > 0);
  const importMap = async (folder: string) =>
    Object.keys(
      (
        JSON.parse(await readFile(path.join(FUNCTIONS, folder, 'deno.json'), 'utf8').catch(() => '{}')) as {
          imports?: Record<string, string>;
        }
      ).imports ?? {},
    );
  const functions = (await readdir(FUNCTIONS, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('_'));
  const maps = await Promise.all(functions.map((fn) => importMap(fn.name)));
  // _shared is deployed with each function that imports it: a package must be mapped in every one.
  const mappedEverywhere = maps.reduce((common, map) => common.filter((name) => map.includes(name)));
  for (const file of files) {
    const folder = path.relative(FUNCTIONS, file).split(path.sep)[0]!;
    const mapped = folder.startsWith('_') ? mappedEverywhere : await importMap(folder);
    for (const specifier of specifiers(await readFile(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = path.resolve(path.dirname(file), specifier);
        if (!target.startsWith(FUNCTIONS + path.sep)) outside.push(`${path.relative(FUNCTIONS, file)} → ${specifier}`);
      } else if (!/^(npm|jsr|node|https?):/.test(specifier) && !mapped.includes(specifier)) {
        outside.push(`${path.relative(FUNCTIONS, file)} → ${specifier} (not in its deno.json)`);
      }
    }
  }
  assert.deepEqual(outside, []);
});

test('the check sees an import that leaves the folder', () => {
  assert.deepEqual(specifiers(`import { priceOf } from '../../../shared/src/catalog/prices.ts';\nimport type { X } from "./x.ts";`), [
    '../../../shared/src/catalog/prices.ts',
    './x.ts',
  ]);
});

test('every function is a member of deno.local.jsonc, so `deno check` and local-cloud resolve it with its own deno.json', async () => {
  const text = await readFile(path.join(FUNCTIONS, '../../deno.local.jsonc'), 'utf8');
  // JSON with comments and trailing commas, as Deno reads it.
  const config = JSON.parse(text.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[\]}])/g, '$1')) as { workspace: string[] };
  const functions = (await readdir(FUNCTIONS, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => `./supabase/functions/${entry.name}`);
  assert.ok(functions.length >= 4);
  assert.deepEqual([...config.workspace].sort(), functions.sort());
});
