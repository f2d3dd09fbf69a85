// Published sites as the tests reach them behind the app: a plan recorded as the payment function
// records one, and the site asked as a browser on a custom domain would (the same server, another Host).
import http from 'node:http';
import { serviceClient } from './portfolios';
import type { SharedStack } from './stack';

/** A 30-day plan (`basic` unless said), recorded with the service role as the payment function records one. */
export async function grantPlan(stack: SharedStack, userId: string, plan: 'basic' | 'pro' | 'premium' = 'basic'): Promise<void> {
  const { error } = await (await serviceClient(stack)).from('purchases').insert({
    user_id: userId,
    item_type: 'plan',
    item_id: plan,
    amount: 999,
    order_id: `order_e2e_${Date.now()}_${plan}`,
    status: 'paid',
    paid_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  if (error) throw error;
}

/**
 * Template `templateId` bought for good, recorded with the service role as the payment function records
 * a paid order at its price in rupees (templates/src/<template>/template.json): for tests of something
 * after the purchase (buying itself is commerce.test.ts).
 */
export async function grantTemplate(stack: SharedStack, userId: string, templateId: number, rupees: number): Promise<void> {
  const { error } = await (await serviceClient(stack)).from('purchases').insert({
    user_id: userId,
    item_type: 'template',
    item_id: String(templateId),
    amount: rupees * 100,
    currency: 'INR',
    order_id: `order_e2e_${Date.now()}_template${templateId}_${Math.random().toString(36).slice(2)}`,
    status: 'paid',
    paid_at: new Date().toISOString(),
  });
  if (error) throw error;
}

/** A GET of `url` with another Host header (and a cookie, when given): its status and body. */
export function fetchWithHost(url: string, host: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host, ...(cookie ? { cookie } : {}) } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
