// Where the buyer's status link points: the custom domain the order was placed on while that is still
// a proven domain of its page, else FolioForge's functions host (a domain given up may be someone else's).
import assert from 'node:assert/strict';
import { orderStatusLink, orderStatusToken } from './shopMailLinks.ts';

const env = (name: string) => ({ SUPABASE_URL: 'https://project.supabase.example/', SHOP_ORDER_LINK_KEY: 'k'.repeat(32) })[name];
const ORDER_NUMBER = 'FF-0123456789';

Deno.test(
  'an order placed on a proven custom domain is linked there; on the site, or a domain no longer proven, on the functions host',
  async () => {
    const token = await orderStatusToken(env, ORDER_NUMBER);
    const asked: string[] = [];
    const proven = (answer: boolean) => (origin: string) => {
      asked.push(origin);
      return Promise.resolve(answer);
    };
    assert.equal(
      await orderStatusLink(env, { orderNumber: ORDER_NUMBER, shopOrigin: 'https://ada-bakes.example' }, proven(true)),
      `https://ada-bakes.example/functions/v1/orders/status/${token}`,
    );
    assert.equal(
      await orderStatusLink(env, { orderNumber: ORDER_NUMBER, shopOrigin: 'https://ada-bakes.example' }, proven(false)),
      `https://project.supabase.example/functions/v1/orders/status/${token}`,
    );
    assert.deepEqual(asked, ['https://ada-bakes.example', 'https://ada-bakes.example'], 'the recorded domain is checked again each time');
    assert.equal(
      await orderStatusLink(env, { orderNumber: ORDER_NUMBER, shopOrigin: null }, proven(true)),
      `https://project.supabase.example/functions/v1/orders/status/${token}`,
    );
    assert.equal(asked.length, 2, 'an order placed on the site asks about no domain');
  },
);
