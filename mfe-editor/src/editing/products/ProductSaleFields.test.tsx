import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTemplate, type Portfolio, type ProductSale } from '@folioforge/templates';
import { EditorContext } from '../editorHooks';
import { PortfolioEditor } from '../portfolioEditor';
import { ProductSaleFields } from './ProductSaleFields';
import { ShopSettingsFields } from './ShopSettingsFields';
import { readSale, readTextPrice } from './saleEdits';

const SECTION = 'products';
const ITEM = 'product-1';

/** Template 4's sample with its product as given. */
function portfolioWith(product: { price?: string; sale?: ProductSale }, shop?: Portfolio['shop']): Portfolio {
  const sample = getTemplate(4)!.sample;
  const section = sample.sections[0]!;
  return {
    ...sample,
    ...(shop ? { shop } : {}),
    sections: [
      {
        ...section,
        items: section.items.map((item) => {
          const { sale: _sale, ...rest } = item as typeof item & { sale?: ProductSale };
          return { ...rest, price: product.price ?? '', ...(product.sale ? { sale: product.sale } : {}) };
        }),
      } as Portfolio['sections'][number],
    ],
  };
}

function renderFields(portfolio: Portfolio) {
  const editor = new PortfolioEditor({ templateId: '4', portfolio });
  render(
    <EditorContext.Provider value={editor}>
      <ProductSaleFields sectionId={SECTION} itemId={ITEM} name="Product 1" />
      <ShopSettingsFields />
    </EditorContext.Provider>,
  );
  return { editor, sale: () => readSale(editor.portfolio, SECTION, ITEM) };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('a product’s price and stock', () => {
  test('the price is typed as an amount in the shop’s currency, on a decimal keypad, and held in paise', async () => {
    const { editor, sale } = renderFields(portfolioWith({}));
    const price = field(/^Product 1 price, in Indian rupee \(INR\)$/);
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(price, '1,250.50');
    expect(sale()).toMatchObject({ price: 125_050 });
    expect(price).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(price);
    await userEvent.type(price, '12.5.0');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/Write the price as an amount, like 450/);
    // What cannot be read changes nothing: the last amount stays.
    expect(sale()).toMatchObject({ price: 1250 });

    await userEvent.clear(price);
    expect(sale()).toMatchObject({ price: null });
    expect(editor.portfolio).not.toBe(getTemplate(4)!.sample);
  });

  test('a price still typed as text says why the product is not for sale, until an amount is set', async () => {
    const { editor, sale } = renderFields(portfolioWith({ price: 'Call us for prices' }));
    expect(
      screen.getByText(
        /Your price “Call us for prices” is not an amount, so this product is not for sale\. Write the price as an amount, like 450\./,
      ),
    ).toBeInTheDocument();
    await userEvent.type(field(/^Product 1 price/), '450');
    expect(sale()).toMatchObject({ price: 45_000 });
    expect(readTextPrice(editor.portfolio, SECTION, ITEM)).toBe('');
    expect(screen.queryByText(/is not an amount/)).toBeNull();
  });

  test('a dollar price in a rupee shop names the currency it should be in', () => {
    renderFields(portfolioWith({ price: '$12.50' }));
    expect(screen.getByText(/“\$12\.50” is not an amount.*not in the shop’s currency \(Indian rupee\)/)).toBeInTheDocument();
  });

  test('the "was" price must be above the price; stock is a count or empty for unlimited', async () => {
    const { sale } = renderFields(portfolioWith({ sale: { price: 45_000, stock: null, options: [] } }));
    const was = field(/^Product 1 earlier price/);
    await userEvent.type(was, '400');
    expect(was).toHaveAccessibleDescription(/Make it more than the price/);
    await userEvent.clear(was);
    await userEvent.type(was, '600');
    expect(was).not.toHaveAttribute('aria-invalid');
    expect(sale()).toMatchObject({ compareAt: 60_000 });

    const stock = field(/^Product 1 stock$/);
    expect(stock).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(stock, '1.5');
    expect(stock).toHaveAccessibleDescription(/Write a whole number, like 12/);
    await userEvent.clear(stock);
    await userEvent.type(stock, '0');
    expect(sale()).toMatchObject({ stock: 0 });
  });

  test('options are added, named, priced and removed; at ten there is no room for more, and it says so', async () => {
    const { editor, sale } = renderFields(portfolioWith({ sale: { price: 45_000, stock: 4, options: [] } }));
    await userEvent.type(field(/^Product 1 options, what they choose$/), 'Size');
    await userEvent.click(screen.getByRole('button', { name: 'Add an option to Product 1' }));
    const name = field(/^Product 1 option 1 name$/);
    // The form sends focus to the field its change names (PortfolioForm's focus requests).
    expect(editor.store.getState().focusRequest?.target).toBe(name.getAttribute('name'));
    await userEvent.type(name, 'Large 🎂 बड़ा');
    await userEvent.type(field(/^Product 1 option 1 price/), '700');
    await userEvent.type(field(/^Product 1 option 1 stock$/), '2');
    expect(sale()).toMatchObject({ optionName: 'Size', options: [{ name: 'Large 🎂 बड़ा', price: 70_000, stock: 2 }] });
    // With options, each counts its own stock.
    expect(screen.queryByRole('textbox', { name: /^Product 1 stock$/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Product 1 option 1' }));
    expect(sale()!.options).toEqual([]);
    expect(editor.store.getState().focusRequest?.target).toBe(
      screen.getByRole('button', { name: 'Add an option to Product 1' }).getAttribute('data-focus'),
    );
    expect(editor.store.getState().announcement).toBe('Removed option 1 of Product 1');

    for (let index = 0; index < 10; index++) await userEvent.click(screen.getByRole('button', { name: 'Add an option to Product 1' }));
    expect(sale()!.options).toHaveLength(10);
    const add = screen.getByRole('button', { name: 'Add an option to Product 1' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('A product has at most 10 options.');
  }, 30_000);

  test('undo puts the earlier amount back in the field', async () => {
    const { editor, sale } = renderFields(portfolioWith({ sale: { price: 45_000, stock: null, options: [] } }));
    const price = field(/^Product 1 price/);
    expect(price).toHaveValue('450');
    await userEvent.clear(price);
    await userEvent.type(price, '999');
    expect(sale()).toMatchObject({ price: 99_900 });
    act(() => editor.undo());
    expect(sale()).toMatchObject({ price: 45_000 });
    expect(price).toHaveValue('450');
  });
});

describe('the shop’s settings', () => {
  test('the currency names every amount field; shipping offers pickup, a fee, free over an amount, never neither', async () => {
    const { editor } = renderFields(portfolioWith({ sale: { price: 1250, stock: null, options: [] } }));
    const shop = screen.getByRole('group', { name: 'Shop' });
    await userEvent.selectOptions(within(shop).getByRole('combobox', { name: 'Currency' }), 'USD');
    expect(editor.portfolio.shop).toEqual({ currency: 'USD', shipping: { pickup: true, flatFee: null, freeOver: null } });
    expect(field(/^Product 1 price, in US dollar \(USD\)$/)).toHaveValue('12.50');

    await userEvent.click(within(shop).getByRole('checkbox', { name: 'Buyers may pick up their order' }));
    expect(within(shop).getByRole('alert')).toHaveTextContent('Offer pickup, shipping, or both.');
    await userEvent.click(within(shop).getByRole('checkbox', { name: 'You ship orders' }));
    expect(within(shop).queryByRole('alert')).toBeNull();
    await userEvent.type(within(shop).getByRole('textbox', { name: /^Shipping fee per order/ }), '4.99');
    await userEvent.type(within(shop).getByRole('textbox', { name: /^Free shipping for orders of at least/ }), '50');
    expect(editor.portfolio.shop).toEqual({ currency: 'USD', shipping: { pickup: false, flatFee: 499, freeOver: 5000 } });
  });

  test('a portfolio without products has no shop settings', () => {
    const editor = new PortfolioEditor({ templateId: '1', portfolio: getTemplate(1)!.sample });
    render(
      <EditorContext.Provider value={editor}>
        <ShopSettingsFields />
      </EditorContext.Provider>,
    );
    expect(screen.queryByRole('group', { name: 'Shop' })).toBeNull();
  });
});
