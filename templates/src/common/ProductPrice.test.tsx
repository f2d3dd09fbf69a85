import { describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { getTemplate } from '../registry';
import type { ItemOf, Portfolio, ProductSale } from '../model';
import { withWebFiles } from '../testing/portfolioShown';

type Product = ItemOf<'products'>;

const product = (id: string, parts: Partial<Product> = {}): Product => ({
  id,
  name: '',
  price: '',
  description: '',
  image: '',
  url: '',
  ...parts,
});
const sale = (parts: Partial<ProductSale> = {}): ProductSale => ({ price: 45_000, stock: null, options: [], ...parts });

const CAKE = product('cake', {
  name: 'चॉकलेट केक 🎂',
  image: 'https://files.example.com/cake.png',
  sale: sale({ compareAt: 60_000 }),
});
const SIZES = product('sizes', {
  name: 'Sourdough',
  sale: sale({
    price: 25_000,
    optionName: 'Size',
    options: [
      { id: 'half', name: 'Half loaf', price: null, stock: 0 },
      { id: 'whole', name: 'Whole loaf', price: 40_000, stock: 5 },
    ],
  }),
});
const GONE = product('gone', { name: 'Muffin', sale: sale({ price: 9_900, stock: 0 }) });
const PRICE_ONLY = product('price-only', { sale: sale({ price: 1_250 }) });
const PICTURE_ONLY = product('picture-only', { image: 'https://files.example.com/bun.png' });
const TEXT_PRICE = product('text-price', { name: 'Cookies', price: 'Call us' });
const LINK_ONLY = product('link-only', { url: 'https://example.com/x' });

/** Template `id`'s sample with a products section of these products (after template 4's hero, which is its own). */
function shopPortfolio(id: 2 | 4, items: Product[], shop?: Portfolio['shop']): Portfolio {
  const sample = withWebFiles(getTemplate(id)!.sample);
  const section = { id: 'shop', kind: 'products', title: 'Shop', hidden: false, body: '', items } as Portfolio['sections'][number];
  return {
    ...sample,
    ...(shop ? { shop } : {}),
    sections:
      id === 4
        ? [{ ...sample.sections[0]!, items: [...sample.sections[0]!.items, ...items] } as typeof section]
        : [...sample.sections, section],
  };
}

function renderPage(id: 2 | 4, items: Product[], shop?: Portfolio['shop']) {
  const { Page } = getTemplate(id)!;
  const { container } = render(<Page portfolio={shopPortfolio(id, items, shop)} />);
  return (itemId: string) => container.querySelector<HTMLElement>(`[data-item-id="${itemId}"]`);
}

describe.each([2, 4] as const)('the products of template %i', (id) => {
  test('show their price in money, a "was" price struck through and said, options with their prices, sold out', () => {
    const card = renderPage(id, [CAKE, SIZES, GONE]);
    const cake = card('cake')!;
    expect(cake).toHaveTextContent('Now ₹450.00, was ₹600.00');
    expect(within(cake).getByText('₹600.00', { exact: false }).closest('s')).not.toBeNull();
    expect(within(cake).queryByText('Sold out')).toBeNull();

    const sizes = card('sizes')!;
    expect(sizes).toHaveTextContent('From ₹250.00');
    expect(
      within(within(sizes).getByRole('list', { name: 'Size' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Half loaf · ₹250.00 · Sold out', 'Whole loaf · ₹400.00']);
    expect(within(card('gone')!).getByText('Sold out')).toBeInTheDocument();
  });

  test('an item with missing parts still makes a sensible card: only a price, only a picture; a text price shows as typed', () => {
    const card = renderPage(id, [PRICE_ONLY, PICTURE_ONLY, TEXT_PRICE, LINK_ONLY]);
    const priceOnly = card('price-only')!;
    expect(priceOnly).toHaveTextContent('₹12.50');
    expect(priceOnly.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
    expect(within(card('picture-only')!).getByRole('img')).toHaveAttribute('src', 'https://files.example.com/bun.png');
    expect(card('text-price')).toHaveTextContent('Call us');
    // A link with nothing to say about it is no product.
    expect(card('link-only')).toBeNull();
    for (const heading of screen.getAllByRole('heading')) expect(heading.textContent?.trim()).not.toBe('');
  });

  test("amounts are in the shop's currency", () => {
    const card = renderPage(id, [PRICE_ONLY, product('yen', { name: 'Mochi', sale: sale({ price: 295 }) })], {
      currency: 'USD',
      shipping: { pickup: true, flatFee: null, freeOver: null },
    });
    expect(card('price-only')).toHaveTextContent('$12.50');
    expect(card('yen')).toHaveTextContent('$2.95');
  });
});
