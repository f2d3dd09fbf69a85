// Prices are spelt by hand for INR and USD (prices.ts says why); these pin the spelling to what
// Intl.NumberFormat('en-IN') writes, which is what buyers saw before and what a receipt shows.
import assert from 'node:assert/strict';
import { formatInr, formatMoney } from './prices.ts';

const intl = (minorUnits: number, currency: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(minorUnits / 100);

const AMOUNTS = [
  0, 1, 9, 10, 99, 100, 1999, 10_000, 99_999, 100_000, 1_234_567, 12_345_678, 987_654_321, 12_345_678_901_234, -1, -1999, -123_456_789,
];

Deno.test('INR and USD amounts read as Intl writes them in en-IN', () => {
  for (const currency of ['INR', 'USD']) {
    for (const amount of AMOUNTS) assert.equal(formatMoney(amount, currency), intl(amount, currency), `${amount} ${currency}`);
  }
  assert.equal(formatInr(10_000_000), '₹1,00,000.00');
  assert.equal(formatMoney(1999, 'USD'), '$19.99');
});

Deno.test('random amounts too, and halves of a minor unit round as Intl rounds them', () => {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let i = 0; i < 2000; i++) {
    const amount = (next() % 10 ** (1 + (i % 12))) * (i % 5 === 0 ? -1 : 1);
    assert.equal(formatMoney(amount, 'INR'), intl(amount, 'INR'), String(amount));
  }
  for (const amount of [0.5, 1.5, 2.5, 99.5, -0.5, 0.4, -0.4])
    assert.equal(formatMoney(amount, 'USD'), intl(amount, 'USD'), String(amount));
});

Deno.test('other currencies still go through Intl, and a name that is no currency is refused as Intl refuses it', () => {
  assert.equal(formatMoney(1999, 'EUR'), intl(1999, 'EUR'));
  for (const name of ['toString', '__proto__', 'constructor']) assert.throws(() => formatMoney(100, name), RangeError, name);
});

Deno.test('a shop currency without minor units counts whole units', () => {
  assert.equal(formatMoney(295, 'JPY'), new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'JPY' }).format(295));
  assert.match(formatMoney(295, 'JPY'), /295$/);
});
