// Playwright's global setup: ONE stack for the whole run (local-cloud with hosted Supabase's settings,
// e-mail confirmation on, plus the six production builds of the build stage), written to a JSON file
// in a temp folder whose path every worker inherits (sharedStack() reads it). What one test needs
// besides is an admin call or a test control (support/accounts.ts, support/testControls.ts). The
// returned function is the global teardown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STACK_FILE_VARIABLE, startStack, type SharedStack } from './stack';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  // Test controls on (loopback and the service-role key only); never set by npm start.
  const stack = await startStack({ localCloudEnv: { LOCAL_CLOUD_TEST_CONTROLS: 'true', LOCAL_CLOUD_PASSWORD_HASH_COST: '4' } });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'folioforge-e2e-run-'));
  const file = path.join(folder, 'stack.json');
  const shared: SharedStack = {
    shellUrl: stack.shellUrl,
    cloudUrl: stack.cloudUrl,
    mailboxUrl: stack.mailboxUrl,
    keys: stack.keys,
    dataDir: stack.dataDir,
    ports: stack.ports,
    ownShellPorts: stack.ownShellPorts,
  };
  fs.writeFileSync(file, JSON.stringify(shared, null, 2));
  process.env[STACK_FILE_VARIABLE] = file;
  console.log(`the run's stack is up in ${Math.round((Date.now() - started) / 1000)} s: ${stack.shellUrl}, local-cloud ${stack.cloudUrl}`);
  return async () => {
    await stack.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
