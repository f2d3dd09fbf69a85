// Razorpay's signatures are HMAC-SHA256 in hex; Web Crypto on Deno must give the published answer.
import assert from 'node:assert/strict';
import { hmacSha256Hex, timingSafeEqualText } from './hmac.ts';

Deno.test('HMAC-SHA256 gives RFC 4231 test case 2', async () => {
  assert.equal(
    await hmacSha256Hex('Jefe', 'what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

Deno.test('a checkout signature is order_id|payment_id signed with the key secret', async () => {
  const signature = await hmacSha256Hex('secret', 'order_1|pay_1');
  assert.match(signature, /^[0-9a-f]{64}$/);
  assert.equal(signature, await hmacSha256Hex('secret', 'order_1|pay_1'));
  assert.notEqual(signature, await hmacSha256Hex('secret', 'order_1|pay_2'));
});

Deno.test('comparing signatures: equal only when equal, whatever the lengths', () => {
  assert.equal(timingSafeEqualText('abc', 'abc'), true);
  assert.equal(timingSafeEqualText('abc', 'abd'), false);
  assert.equal(timingSafeEqualText('abc', 'abcd'), false);
  assert.equal(timingSafeEqualText('', ''), true);
});
