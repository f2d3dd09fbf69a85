// The sandbox account's API user and token. Derived from the project's JWT secret rather than stored,
// so they are stable across restarts and differ between data folders, like Name.com's per-account
// test tokens (a test username is the account name with "-test" appended).
import { createHmac } from 'node:crypto';
import type { Keys } from '../context.ts';

interface NamecomCredentials {
  username: string;
  token: string;
}

export function namecomSandboxCredentials(keys: Pick<Keys, 'jwtSecret'>): NamecomCredentials {
  return {
    username: 'folioforge-test',
    token: createHmac('sha256', keys.jwtSecret).update('namecom sandbox api token').digest('hex').slice(0, 40),
  };
}
