// npm run build: production builds of all six apps (pass --stale to build only what changed).
import { buildApps } from '../tooling/buildApps.mjs';

buildApps({ force: !process.argv.includes('--stale') }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
