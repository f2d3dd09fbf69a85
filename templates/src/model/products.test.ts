import { describe, expect, test } from '@jest/globals';
import { TYPED_PRICES, PRODUCTS_BEFORE_AMOUNTS } from '../testing/productPrices';
import { everyKindPortfolio } from '../testing/portfolioShown';
import { coercePortfolio } from './coerce';
import type { Portfolio, SectionOf } from './portfolio';
import { amountText, formatMoney, PRICE_NOT_AN_AMOUNT, productOffer, readPrice, type ProductSale } from './products';
import { checkPortfolio } from './schema';

const sale = (parts: Partial<ProductSale> = {}): ProductSale => ({ price: 45_000, stock: null, options: [], ...parts });

function withProduct(product: Partial<SectionOf<'products'>['items'][number]>, shop?: Portfolio['shop']): Portfolio {
  return {
    ...everyKindPortfolio(),
    ...(shop ? { shop } : {}),
    sections: [
      {
        id: 'shop',
        kind: 'products',
        title: 'Shop',
        hidden: false,
        body: '',
        items: [{ id: 'p', name: 'Cake', price: '', description: '', image: '', url: '', ...product }],
      },
    ],
  };
}

const problems = (portfolio: unknown) => {
  const checked = checkPortfolio(portfolio);
  return checked.ok ? [] : checked.problems;
};

describe('a typed price', () => {
  test.each(TYPED_PRICES)('%j in rupees is %p paise', (typed, paise) => {
    const reading = readPrice(typed, 'INR');
    expect(reading.ok ? reading.amount : null).toBe(paise);
  });

  test('reads in the shop’s currency, by its minor unit', () => {
    expect(readPrice('$12.50', 'USD')).toEqual({ ok: true, amount: 1250 });
    expect(readPrice('US$ 1,000', 'USD')).toEqual({ ok: true, amount: 100_000 });
    expect(readPrice('€12', 'EUR')).toEqual({ ok: true, amount: 1200 });
    expect(readPrice('¥295', 'JPY')).toEqual({ ok: true, amount: 295 });
    expect(readPrice('295.5', 'JPY')).toEqual({ ok: false, message: 'A price in Japanese yen has no decimals' });
  });

  test('that is no amount says what to write, and names the currency when it is another', () => {
    expect(readPrice('Call us', 'INR')).toEqual({ ok: false, message: PRICE_NOT_AN_AMOUNT });
    expect(readPrice('$12.50', 'INR')).toEqual({
      ok: false,
      message: 'This price is not in the shop’s currency (Indian rupee): write it as an amount, like 450',
    });
    expect(readPrice('₹450', 'USD')).toMatchObject({ ok: false, message: expect.stringContaining('US dollar') });
    expect(readPrice('12.345', 'INR')).toEqual({ ok: false, message: 'Write at most 2 digits after the point' });
  });

  test('an amount reads back as the editor shows it', () => {
    expect(amountText(125_050, 'INR')).toBe('1250.50');
    expect(amountText(45_000, 'INR')).toBe('450');
    expect(amountText(5, 'INR')).toBe('0.05');
    expect(amountText(295, 'JPY')).toBe('295');
    for (const amount of [0, 1, 99, 100, 45_050, 1_000_000_000])
      expect(readPrice(amountText(amount, 'INR'), 'INR')).toEqual({ ok: true, amount });
  });
});

describe('the upgrade of a device draft', () => {
  test('a text price that reads as an amount becomes one; any other stays text, not for sale', () => {
    const opened = coercePortfolio('2', PRODUCTS_BEFORE_AMOUNTS);
    const items = opened.sections[0]!.items as SectionOf<'products'>['items'];
    expect(items.map((item) => [item.price, item.sale?.price ?? null])).toEqual([
      ['', 45_000],
      ['', 125_000],
      ['Call us', null],
      ['', null],
      ['$12.50', null],
    ]);
    expect(items[0]!.sale).toEqual({ price: 45_000, stock: null, options: [] });
    expect(opened.sections[1]!.body).toBe('<p>₹450</p>');
    // Opened again, nothing changes.
    expect(coercePortfolio('2', opened)).toEqual(opened);
    expect(checkPortfolio(opened)).toMatchObject({ ok: true });
  });

  test('a dollar shop reads its dollars; a sale already there is kept as it is', () => {
    const opened = coercePortfolio('4', {
      ...PRODUCTS_BEFORE_AMOUNTS,
      shop: { currency: 'USD', shipping: { pickup: false, flatFee: 500, freeOver: null } },
    });
    const items = opened.sections[0]!.items as SectionOf<'products'>['items'];
    expect(items[4]!.sale?.price).toBe(1250);
    expect(items[0]!.sale).toBeUndefined();
    const kept = sale({ price: 100, compareAt: 5, options: [{ id: 'x', name: 'Big', price: null, stock: 0 }] });
    const again = coercePortfolio('4', withProduct({ price: '₹9', sale: kept }));
    expect((again.sections[0]!.items[0] as { sale?: ProductSale }).sale).toEqual(kept);
  });
});

describe('the checks of a sale and a shop', () => {
  test('a full sale and a shop pass', () => {
    const full = sale({
      compareAt: 60_000,
      stock: 3,
      optionName: 'Size',
      options: [
        { id: 'small', name: 'Small', price: null, stock: 2 },
        { id: 'large', name: 'Large 🎂 बड़ा', price: 70_000, stock: null },
      ],
    });
    expect(problems(withProduct({ sale: full }, { currency: 'JPY', shipping: { pickup: true, flatFee: 0, freeOver: 5000 } }))).toEqual([]);
  });

  test('bad amounts, stock and options are refused, each where it is', () => {
    expect(problems(withProduct({ sale: sale({ price: 12.5 }) }))).toEqual([
      'Shop › Product 1 › Price and stock: the price must be a whole number of the currency’s smallest unit',
    ]);
    expect(problems(withProduct({ sale: sale({ price: -1, stock: -2 }) }))).toEqual([
      'Shop › Product 1 › Price and stock: the price cannot be less than 0',
      'Shop › Product 1 › Price and stock: stock cannot be less than 0',
    ]);
    expect(problems(withProduct({ sale: sale({ compareAt: 45_000 }) }))).toEqual([
      'Shop › Product 1 › Price and stock: the “was” price must be more than the price',
    ]);
    const options = Array.from({ length: 11 }, (_, index) => ({ id: `o${index}`, name: `Option ${index}`, price: null, stock: null }));
    expect(problems(withProduct({ sale: sale({ options }) }))).toEqual([
      'Shop › Product 1 › Price and stock: a product has at most 10 options',
    ]);
    expect(
      problems(
        withProduct({
          sale: sale({
            options: [
              { id: 'a', name: 'Big', price: null, stock: null },
              { id: 'b', name: 'big', price: null, stock: null },
              { id: 'c', name: ' ', price: null, stock: null },
            ],
          }),
        }),
      ),
    ).toEqual([
      'Shop › Product 1 › Price and stock: an option needs a name',
      'Shop › Product 1 › Price and stock: two options have the same name',
    ]);
  });

  test('a currency Razorpay does not take, or a shop that neither ships nor hands over, is refused', () => {
    expect(problems({ ...withProduct({}), shop: { currency: 'KWD', shipping: { pickup: true, flatFee: null, freeOver: null } } })).toEqual([
      'Shop settings: choose a currency from the list',
    ]);
    expect(problems({ ...withProduct({}), shop: { currency: 'INR', shipping: { pickup: false, flatFee: null, freeOver: null } } })).toEqual(
      ['Shop settings: offer pickup, shipping, or both'],
    );
  });
});

describe('what a page says of a product', () => {
  test('its price, a "was" price above it, options from their lowest price, sold out when nothing is left', () => {
    expect(productOffer({})).toBeUndefined();
    expect(productOffer({ sale: sale({ price: null }) })).toBeUndefined();
    expect(productOffer({ sale: sale({ compareAt: 60_000 }) })).toMatchObject({
      price: 45_000,
      compareAt: 60_000,
      from: false,
      soldOut: false,
    });
    expect(productOffer({ sale: sale({ compareAt: 100 }) })).toMatchObject({ compareAt: null });
    expect(productOffer({ sale: sale({ stock: 0 }) })).toMatchObject({ soldOut: true });
    const offer = productOffer({
      sale: sale({
        stock: 0,
        optionName: 'Size',
        options: [
          { id: 's', name: 'Small', price: null, stock: 0 },
          { id: 'l', name: 'Large', price: 70_000, stock: 4 },
        ],
      }),
    });
    expect(offer).toEqual({
      price: 45_000,
      from: true,
      compareAt: null,
      soldOut: false,
      optionName: 'Size',
      options: [
        { id: 's', name: 'Small', price: 45_000, soldOut: true },
        { id: 'l', name: 'Large', price: 70_000, soldOut: false },
      ],
    });
  });

  test('money reads the same in every currency’s own unit', () => {
    expect(formatMoney(45_000, 'INR')).toBe('₹450.00');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(295, 'JPY')).toMatch(/295$/);
  });
});
