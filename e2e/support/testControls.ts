// local-cloud's test controls (local-cloud/src/testControls, part of no real service): what one test
// needs of one account or one name, so the run's stack keeps hosted Supabase's settings for the rest.
import { loadKeys } from '../../local-cloud/src/keys';
import type { SharedStack } from './stack';

async function testControl(stack: SharedStack, method: 'POST' | 'PUT', route: string, body: unknown): Promise<void> {
  const { serviceRoleKey } = await loadKeys(stack.dataDir);
  const response = await fetch(`${stack.cloudUrl}/__test__/${route}`, {
    method,
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`test control ${route} answered ${response.status}: ${await response.text()}`);
}

/** From now on this account's access tokens live `seconds` (JWT_EXPIRY for one account): refreshes happen soon. */
export const shortenAccessTokens = (stack: SharedStack, email: string, seconds: number) =>
  testControl(stack, 'POST', 'auth/access-token-lifetime', { email, seconds });

/** The account's sign-ins so far count as a day old: no longer recent (a password change asks for a code). */
export const ageSignIns = (stack: SharedStack, email: string, seconds = 86_400 + 60) =>
  testControl(stack, 'POST', 'auth/age-sign-ins', { email, seconds });

/** The functions' DNS answers TXT questions for `name` with `values`, as the domain's owner set them. */
export const answerTxt = (stack: SharedStack, name: string, values: string[]) => testControl(stack, 'PUT', 'dns/txt', { name, values });
