// npm test -w <package>: one workspace package's own tests, side by side on the machine's cores: its
// component tests (the root jest.config.cjs, rooted at the package), its tests on node's test runner
// (templates' résumé PDF), its types (tooling/packageTypes.mjs)
// and, for a remote, its contract check with the production shell (tooling/remoteContract.mjs, which
// builds what is stale first: the longest step). Each step's output is printed as it ends; the last
// line sums them up. Arguments go to jest: `npm test -w mfe-editor -- Design` runs Design's tests only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APPS } from '../tooling/ports.mjs';
import { repoRoot } from '../tooling/repo.mjs';

// npm runs a workspace's script in the workspace's folder.
const dir = path.relative(repoRoot, process.cwd());
const app = APPS.find((candidate) => candidate.dir === dir);
/** Tests on node's test runner that jest leaves out (jest.config.cjs): the résumé PDF read back with pdf.js. */
const NODE_TESTS = { templates: 'templates/src/resume/test' };
const nodeTests = NODE_TESTS[dir]
  ? fs
      .readdirSync(path.join(repoRoot, NODE_TESTS[dir]))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.join(repoRoot, NODE_TESTS[dir], name))
  : [];
const steps = [
  { name: 'jest', args: [path.join(repoRoot, 'node_modules/jest/bin/jest.js'), '--ci', '--roots', dir, ...process.argv.slice(2)] },
  ...(nodeTests.length ? [{ name: 'node tests', args: ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests] }] : []),
  { name: 'types', args: [path.join(repoRoot, 'tooling/packageTypes.mjs'), dir] },
  ...(app && app.key !== 'shell' ? [{ name: 'contract', args: [path.join(repoRoot, 'tooling/remoteContract.mjs'), dir] }] : []),
];

/** @param {{ name: string, args: string[] }} step @returns {Promise<{ name: string, ok: boolean, seconds: number }>} */
function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n=== ${dir} ${name} (${seconds} s): ${code === 0 ? 'passed' : 'FAILED'}\n${output.trimEnd()}`);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

console.log(`${dir}: ${steps.map((step) => step.name).join(', ')}, side by side …`);
const results = await Promise.all(steps.map(run));
console.log(`\n${dir}: ${results.map(({ name, ok, seconds }) => `${name} ${ok ? 'passed' : 'FAILED'} ${seconds} s`).join(', ')}`);
process.exit(results.every(({ ok }) => ok) ? 0 : 1);
