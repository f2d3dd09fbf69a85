// Calling a function as the browser does: POST /functions/v1/<name> with JSON and, when signed in,
// the user's token.
import type { TestCloud } from './servicesCloud.ts';

export function callFunction(t: TestCloud, name: string, token: string | undefined, body: unknown): Promise<Response> {
  return fetch(`${t.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: t.cloud.keys.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The publish function, as the editor calls it. */
export const callPublish = (t: TestCloud, token: string | undefined, body: unknown) => callFunction(t, 'publish', token, body);
