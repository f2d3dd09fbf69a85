// Calling a function as the browser does: POST /functions/v1/<name> with JSON and, when signed in,
// the user's token, from the app's page (its Origin, the site's). A function with a contract (_shared/contracts/) is held to it on every call: a
// 2xx JSON answer that the browser's invokeFunction would refuse as unexpected fails the test.
import assert from 'node:assert/strict';
import { accountFunction } from '../../../supabase/functions/_shared/contracts/account.ts';
import { contactFunction } from '../../../supabase/functions/_shared/contracts/contact.ts';
import { domainsFunction } from '../../../supabase/functions/_shared/contracts/domains.ts';
import type { FunctionContract } from '../../../supabase/functions/_shared/contracts/functionContract.ts';
import { paymentsFunction } from '../../../supabase/functions/_shared/contracts/payments.ts';
import { publishFunction } from '../../../supabase/functions/_shared/contracts/publish.ts';
import { sellersFunction } from '../../../supabase/functions/_shared/contracts/sellers.ts';
import type { TestCloud } from './servicesCloud.ts';

const CONTRACTS: Readonly<Record<string, FunctionContract>> = {
  [accountFunction.name]: accountFunction,
  [domainsFunction.name]: domainsFunction,
  [paymentsFunction.name]: paymentsFunction,
  [publishFunction.name]: publishFunction,
  [contactFunction.name]: contactFunction,
  [sellersFunction.name]: sellersFunction,
};

/** Fails when a successful JSON answer is not what the function's contract promises for the action. */
export async function assertWithinContract(name: string, body: unknown, response: Response): Promise<void> {
  const contract = CONTRACTS[name];
  const action = typeof body === 'object' && body !== null ? (body as { action?: unknown }).action : undefined;
  if (!contract || !response.ok || typeof action !== 'string') return;
  const schema = contract.answers[action as keyof typeof contract.answers];
  if (!schema || typeof schema === 'string' || !response.headers.get('content-type')?.includes('application/json')) return;
  const checked = schema.safeParse(await response.clone().json());
  assert.ok(checked.success, `${name} answered ${action} outside its contract: ${checked.error?.message}`);
}

/** The app's origin as local-cloud's functions know it (SITE_URL). */
export const APP_ORIGIN = 'http://localhost:3000';

export async function callFunction(
  t: TestCloud,
  name: string,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(`${t.url}/functions/v1/${name}`, {
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
  await assertWithinContract(name, body, response);
  return response;
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
