// npm run bench: prints the figures the issues ask for. Browser figures first, then local-cloud.
// `npm run bench -- lighthouse [--baseline=<commit>] [--runs=N]`: only the Lighthouse table;
// `npm run bench -- publishing`: only publishing's figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApps } from './lib/buildApps.mjs';
import { repoRoot } from './lib/repo.mjs';

const args = process.argv.slice(2);
await buildApps();
let failed = false;
const scripts =
  args.includes('lighthouse') || args.includes('publishing') ? ['e2e/bench/run.ts'] : ['e2e/bench/run.ts', 'local-cloud/bench/bench.ts'];
for (const script of scripts) {
  if (!fs.existsSync(path.join(repoRoot, script))) continue;
  console.log(`\n=== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
