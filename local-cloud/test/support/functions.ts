// Calling a function as the browser does: POST /functions/v1/<name> with JSON from the app's page
// (its Origin, the site's) and, when signed in, the user's token.
import type { TestCloud } from './services-cloud.ts';

/** The app's origin as local-cloud's functions know it (SITE_URL). */
export const APP_ORIGIN = 'http://localhost:3000';

export function callFunction(
  t: TestCloud,
  name: string,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${t.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: APP_ORIGIN,
      apikey: t.cloud.keys.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** The sweep, as pg_cron (or local-cloud's timer) runs it: the service role's call. */
export async function sweep(t: TestCloud, graceSeconds = 0): Promise<Record<string, number>> {
  const res = await callFunction(t, 'publish', t.cloud.keys.serviceRoleKey, { action: 'sweep', graceSeconds });
  const report = (await res.json()) as Record<string, number>;
  if (res.status !== 200) throw new Error(`the sweep answered ${res.status}: ${JSON.stringify(report)}`);
  return report;
}

/** The publish function, as the editor calls it. */
export const callPublish = (t: TestCloud, token: string | undefined, body: unknown) => callFunction(t, 'publish', token, body);
