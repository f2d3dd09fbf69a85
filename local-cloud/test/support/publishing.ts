// Calling the publish function as the editor does: POST /functions/v1/publish with the user's token.
import type { TestCloud } from './services-cloud.ts';

export function callPublish(t: TestCloud, token: string | undefined, body: unknown): Promise<Response> {
  return fetch(`${t.url}/functions/v1/publish`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: t.cloud.keys.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
