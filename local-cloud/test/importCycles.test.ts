// The lint stage's cycle check (tooling/importCycles.mjs) on modules made for the purpose.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { importCycles } from '../../tooling/importCycles.mjs';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function modules(sources: Record<string, string>): Promise<{ files: string[]; name: (file: string) => string }> {
  const dir = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'cycles-')));
  dirs.push(dir);
  for (const [name, text] of Object.entries(sources)) await writeFile(path.join(dir, name), text);
  return { files: Object.keys(sources).map((name) => path.join(dir, name)), name: (file) => path.basename(file) };
}

test('a cycle of value imports is found, through a re-export and an import() too', async () => {
  const { files, name } = await modules({
    'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'b.ts': "export { c as b } from './c';\n",
    'c.ts': "export const c = () => import('./a');\n",
    'd.ts': "import { a } from './a';\nexport const d = a;\n",
  });
  assert.deepEqual(
    importCycles(files).map((cycle) => cycle.map(name)),
    [['a.ts', 'b.ts', 'c.ts']],
  );
});

test('type-only imports and exports make no cycle', async () => {
  const { files } = await modules({
    'a.ts': "import type { B } from './b';\nexport type A = { b?: B };\nexport const a = 1;\n",
    'b.ts':
      "import { a } from './a';\nexport type { A } from './a';\nimport { type A as Same } from './a';\nexport type B = Same | typeof a;\n",
  });
  assert.deepEqual(importCycles(files), []);
});
