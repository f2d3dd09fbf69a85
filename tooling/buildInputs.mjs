// What a build is made from, hashed: the stamp that tells whether a build is current.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo.mjs';

const SHARED_INPUTS = [
  'shared/src',
  'shared/package.json',
  'templates/src',
  'templates/package.json',
  'supabase/functions/_shared',
  'tooling',
  'package-lock.json',
  'types',
];

function* filesUnder(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield target;
    return;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    yield* filesUnder(path.join(target, entry.name));
  }
}

/** Tests go into no build: the apps' own (`*.test.ts(x)`), the tooling's in tooling/test/ and jest's set-up in tooling/jest/. */
const TOOLING_TESTS = [path.join(repoRoot, 'tooling/test') + path.sep, path.join(repoRoot, 'tooling/jest') + path.sep];
const isTest = (file) => file.endsWith('.test.tsx') || file.endsWith('.test.ts') || TOOLING_TESTS.some((dir) => file.startsWith(dir));

/** A hash of everything that goes into an app's build: its own files, shared code and the lock file. */
export function inputsFingerprint(app) {
  const hash = crypto.createHash('sha256');
  const roots = [path.join(repoRoot, app.dir), ...SHARED_INPUTS.map((input) => path.join(repoRoot, input))];
  for (const root of roots) {
    for (const file of [...filesUnder(root)].sort()) {
      if (isTest(file)) continue;
      hash.update(path.relative(repoRoot, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}
