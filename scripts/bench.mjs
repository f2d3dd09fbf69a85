// npm run bench: prints the figures the issues ask for. Browser figures first, then local-cloud.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApps } from './lib/buildApps.mjs';
import { repoRoot } from './lib/repo.mjs';

await buildApps();
let failed = false;
for (const script of ['e2e/bench/run.ts', 'local-cloud/bench/bench.ts']) {
  if (!fs.existsSync(path.join(repoRoot, script))) continue;
  console.log(`\n=== ${script}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
