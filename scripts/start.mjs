// npm start: build what is stale, start local-cloud, serve the six production builds, print the address.
import { buildApps } from '../tooling/buildApps.mjs';
import { startLocalCloud } from '../tooling/localCloudProcess.mjs';
import { serveAllApps } from '../tooling/serveApps.mjs';
import { pageViewCounter } from '../tooling/pageViews.mjs';
import { publishedSiteHandler } from '../tooling/publishedSites.mjs';
import { pageProtection } from '../tooling/pageProtection.mjs';
import { createRuntimeConfig } from '../tooling/appConfig.mjs';
import { LOCAL_CLOUD_PORT } from '../tooling/ports.mjs';
import { loadDotEnv } from '../tooling/repo.mjs';

loadDotEnv();

async function main() {
  await buildApps();
  console.log('Starting local-cloud (auth, database, storage, payments, mail) …');
  const cloud = await startLocalCloud({ port: LOCAL_CLOUD_PORT });
  const appConfig = createRuntimeConfig({ localCloudUrl: cloud.url, localMailboxUrl: cloud.mailboxUrl, keys: cloud.keys });
  // Published pages (/p/<slug>) are read from local-cloud's Storage, as a CDN would read Supabase's.
  // SITE_URL names the site when it is served under a domain of its own (never taken for a custom one).
  const siteHosts = process.env.SITE_URL ? [new URL(process.env.SITE_URL).hostname] : [];
  // Each page answered is counted as a view (no cookie, no address kept): tooling/pageViews.mjs.
  const views = pageViewCounter({ supabaseUrl: () => cloud.url, serviceRoleKey: () => cloud.serviceRoleKey });
  // Pages behind a password are read from the private bucket with the same key (tooling/pageProtection.mjs).
  const protection = pageProtection({ supabaseUrl: () => cloud.url, serviceRoleKey: () => cloud.serviceRoleKey });
  const sites = publishedSiteHandler({ storageUrl: () => cloud.url, siteHosts, onPageView: views.count, protection });
  const apps = await serveAllApps({ appConfig: () => appConfig, sites });
  console.log('');
  console.log('FolioForge is running:  http://localhost:3000');
  console.log(`Mailbox (sign-up and reset mails, contact messages):  ${cloud.mailboxUrl}`);
  console.log('Press Ctrl+C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping …');
    await apps.close();
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  cloud.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`local-cloud stopped unexpectedly (exit ${code}).`);
      void apps.close().then(() => process.exit(1));
    }
  });
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});
