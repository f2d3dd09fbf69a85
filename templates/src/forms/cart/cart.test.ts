// The scripts-on cart (issue 48) on a published template-2 page as the renderer writes it, read back
// as a document and started as the page's script starts it: what a visitor with scripts on gets.
// jsdom has <dialog> but not its modal methods; they are given the spec's minimum here (open, close
// and its event). That it opens, looks right and pays is the Playwright journey's (e2e/tests/shopping.test.ts).
import '@testing-library/jest-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { getTemplate } from '../../registry';
import { renderStaticPage, type StaticPageOptions } from '../../render/renderStaticPage';
import type { ItemOf, Portfolio } from '../../model';
import { startCart } from './cartPage';
import { cartStorageKey, cartTotal, parseCart, removeLine, serializeCart, setLine, type CartLine } from './cartState';

const LIVE = {
  action: 'https://project.supabase.example/functions/v1/orders',
  portfolioId: '6a1f0c2e-8b7d-4c1e-9f3a-2b4c6d8e0f1a',
  slug: 'saffron-and-crumb',
};
const PUBLISHED: StaticPageOptions = {
  indexable: true,
  badge: false,
  siteUrl: 'https://folioforge.example/home',
  styles: [],
  filesBase: '/p/saffron-and-crumb/files/',
  messages: { action: 'https://project.supabase.example/functions/v1/page-message', portfolioId: LIVE.portfolioId, slug: LIVE.slug },
  orders: LIVE,
};
const CART_FILE = { name: 'cart.0123456789ab.js', source: 'data:text/javascript;base64,Ly8gY2FydA==' };

const product = (id: string, name: string, sale: ItemOf<'products'>['sale']): ItemOf<'products'> => ({
  id,
  name,
  price: '',
  description: '',
  image: '',
  url: '',
  ...(sale ? { sale } : {}),
});
const CAKE = product('cake', 'Chocolate cake', { price: 45000, stock: 3, options: [] });
const TART = product('tart', 'Fruit tart', {
  price: 30000,
  stock: null,
  optionName: 'Size',
  options: [
    { id: 'large', name: 'Large', price: 50000, stock: 5 },
    { id: 'small', name: 'Small', price: null, stock: 5 },
  ],
});
const BREAD = product('bread', 'Sourdough', { price: 9000, stock: null, options: [] });

function bakery(items: ItemOf<'products'>[]): Portfolio {
  const sample = getTemplate(2)!.sample;
  return {
    ...sample,
    shop: { currency: 'INR', shipping: { pickup: true, flatFee: 5000, freeOver: 100000 } },
    sections: [
      { id: 'menu', kind: 'products', title: 'Our bakes', body: '', hidden: false, items },
      ...sample.sections,
    ] as Portfolio['sections'],
  };
}

const render = (portfolio: Portfolio, options: Partial<StaticPageOptions> = {}, template = '2') =>
  renderStaticPage(template, portfolio, { ...PUBLISHED, ...options });

/** The published page in this document, its cart started (`returning`: back with the browser's Back). */
function visit(portfolio = bakery([CAKE, TART, BREAD]), returning = false): HTMLFormElement {
  const { html } = render(portfolio);
  document.head.innerHTML = '';
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  startCart(document, { storage: window.sessionStorage, returning });
  return screen.getByRole('form', { name: 'Your order' }) as HTMLFormElement;
}

/** What the form would post now, as a browser sends it: its own fields and those naming it by `form=`. */
const posted = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[form="${form.id}"], #${form.id} [name]`)]
      .filter((field) => !(field instanceof HTMLInputElement && field.type === 'radio' && !field.checked))
      .map((field) => [field.name, field.value]),
  );

/** The cart's dialog, open or closed (a closed one is out of the accessibility tree). */
const cartDialog = () => document.querySelector<HTMLDialogElement>('dialog[aria-labelledby$="-cart-title"]')!;
/** The words the page's announcer says (after its short pause, so a repeat is announced again). */
const said = async () => {
  await new Promise((resolve) => setTimeout(resolve, 60));
  return [...document.querySelectorAll('[role="status"]')].map((node) => node.textContent).join(' | ');
};

beforeAll(() => {
  // The modal dialog as the spec has it, enough for the cart: jsdom draws nothing, so no top layer.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => {
  (globalThis as { FOLIOFORGE_CART_SCRIPT?: unknown }).FOLIOFORGE_CART_SCRIPT = CART_FILE;
  window.sessionStorage.clear();
});
afterEach(() => {
  delete (globalThis as { FOLIOFORGE_CART_SCRIPT?: unknown }).FOLIOFORGE_CART_SCRIPT;
});

describe('which pages carry the cart', () => {
  test('a published page selling several products names the cart, a file of its own, deferred', () => {
    const page = render(bakery([CAKE, TART]));
    expect(page.html).toContain('<script src="/p/saffron-and-crumb/files/cart.0123456789ab.js" defer></script>');
    expect(page.html.match(/<script/g)).toHaveLength(1);
    expect(page.bundledFiles).toContainEqual(CART_FILE);
  });

  test('a page with one product, a page that does not sell, and an export carry no script', () => {
    for (const page of [
      render(bakery([CAKE])),
      render(bakery([CAKE, TART]), { orders: 'ask' }),
      render(bakery([CAKE, TART]), { orders: 'off', filesBase: 'files/' }),
    ]) {
      expect(page.html).not.toMatch(/<script/i);
      expect(page.bundledFiles.map((file) => file.name)).not.toContain(CART_FILE.name);
    }
  });
});

describe('the cart on a published page', () => {
  test('"Add to order" fills the cart, "Cart" opens it, a quantity changes, and "Check out" leads to the same form', async () => {
    const form = visit();
    // Nothing shows before anything is added: the page is as it was drawn.
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Add to order (Chocolate cake)' }));
    expect(await said()).toContain('Added 1 × Chocolate cake. Cart: 1 item, ₹450.00');
    fireEvent.change(screen.getByRole('combobox', { name: 'Size of Fruit tart' }), { target: { value: 'large' } });
    fireEvent.click(screen.getByRole('link', { name: 'Add to order (Fruit tart)' }));
    expect(await said()).toContain('Added 1 × Fruit tart, Large. Cart: 2 items, ₹950.00');
    // The card's own field says it too: the page posts the same without the cart's help.
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Fruit tart' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Cart: 2 items, ₹950.00' })).toBeVisible();

    // Template 2's "Cart" (its top bar's) opens the cart as a dialog, its heading focused.
    const opener = screen.getAllByRole('link', { name: 'Cart' })[0]!;
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Your cart' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const cart = within(dialog);
    expect(cart.getByRole('heading', { name: 'Your cart' })).toHaveFocus();
    expect(cart.getAllByRole('listitem').map((row) => row.querySelector('.ff-cart-name')?.textContent)).toEqual([
      'Chocolate cake',
      'Fruit tart, Large',
    ]);
    expect(cart.getByRole('combobox', { name: 'Option of Fruit tart' })).toHaveValue('large');
    fireEvent.change(cart.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }), { target: { value: '2' } });
    expect(dialog).toHaveTextContent('Total₹1,400.00');
    expect(await said()).toContain('2 × Chocolate cake. Cart: 3 items, ₹1,400.00');
    // More than the page has left is the most it has.
    fireEvent.change(cart.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }), { target: { value: '9' } });
    expect(cart.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' })).toHaveValue(3);
    fireEvent.change(cart.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }), { target: { value: '2' } });

    fireEvent.click(cart.getByRole('button', { name: 'Check out' }));
    expect(dialog.open).toBe(false);
    expect(within(form).getByLabelText('Your name')).toHaveFocus();
    expect(posted(form)).toMatchObject({
      portfolio: LIVE.portfolioId,
      slug: LIVE.slug,
      'quantity.cake': '2',
      'quantity.tart': '1',
      'option.tart': 'large',
      'quantity.bread': '0',
    });
    // The server prices the order: no price, amount or total is posted.
    expect(Object.keys(posted(form)).some((name) => /price|amount|total/i.test(name))).toBe(false);
  });

  test('remove and close: focus stays in the cart, then goes back to what opened it', async () => {
    visit();
    fireEvent.click(screen.getByRole('link', { name: 'Add to order (Chocolate cake)' }));
    fireEvent.click(screen.getByRole('link', { name: 'Add to order (Sourdough)' }));
    const button = screen.getByRole('button', { name: 'Cart: 2 items, ₹540.00' });
    button.focus();
    fireEvent.click(button);
    const cart = within(cartDialog());
    fireEvent.click(cart.getByRole('button', { name: 'Remove Chocolate cake' }));
    expect(await said()).toContain('Removed Chocolate cake. Cart: 1 item, ₹90.00');
    expect(cart.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toHaveFocus();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake', hidden: false })).toHaveValue(0);
    fireEvent.click(cart.getByRole('button', { name: 'Close cart' }));
    expect(cartDialog().open).toBe(false);
    expect(button).toHaveFocus();

    fireEvent.click(button);
    fireEvent.click(cart.getByRole('button', { name: 'Remove Sourdough' }));
    expect(await said()).toContain('Removed Sourdough. Your cart is empty.');
    expect(cart.getByText(/^Your cart is empty. Choose/)).toBeVisible();
    expect(cart.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
    expect(cart.getByRole('heading', { name: 'Your cart' })).toHaveFocus();
  });

  test('the cart is kept across a reload and the site’s other pages; another page’s product posts as a hidden field', () => {
    visit();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' }), { target: { value: '2' } });
    // Another page of the site put its jam in the cart (the same tab, the same site).
    const key = cartStorageKey(LIVE.portfolioId);
    const stored = parseCart(window.sessionStorage.getItem(key));
    const jam: CartLine = { item: 'jam', name: 'Mango jam', quantity: 1, option: '', options: [], price: 25000, max: 100 };
    window.sessionStorage.setItem(key, serializeCart(setLine(stored, jam)));

    const form = visit();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' })).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Cart: 3 items, ₹1,150.00' })).toBeVisible();
    expect(posted(form)).toMatchObject({ 'quantity.cake': '2', 'quantity.jam': '1' });
    // Another site's cart is its own.
    expect(window.sessionStorage.getItem(cartStorageKey('00000000-0000-4000-8000-000000000000'))).toBeNull();
  });

  test('after the form is posted, a fresh visit starts empty; Back to fix the order keeps it', () => {
    const form = visit();
    fireEvent.click(screen.getByRole('link', { name: 'Add to order (Sourdough)' }));
    fireEvent.submit(form);
    visit(undefined, true);
    expect(screen.getByRole('button', { name: 'Cart: 1 item, ₹90.00' })).toBeVisible();
    fireEvent.submit(screen.getByRole('form', { name: 'Your order' }));
    visit();
    expect(screen.queryByRole('button', { name: /^Cart:/ })).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Sourdough' })).toHaveValue(0);
  });

  test('a stored cart that is not one (hand-edited, another version) is an empty cart', () => {
    window.sessionStorage.setItem(cartStorageKey(LIVE.portfolioId), '{"lines":[{"item":"cake","quantity":"lots","price":-1}]}');
    visit();
    expect(screen.queryByRole('button', { name: /^Cart:/ })).not.toBeInTheDocument();
    for (const junk of ['', 'null', '[]', '{"lines":{}}', 'not json', '{"lines":[{"item":"../x","quantity":1,"price":1,"option":""}]}'])
      expect(parseCart(junk).lines).toEqual([]);
  });
});

describe('the cart’s state', () => {
  const line = (item: string, quantity: number, price = 100): CartLine => ({
    item,
    name: item,
    quantity,
    option: '',
    options: [],
    price,
    max: 5,
  });

  test('one line per product, in the order added; a quantity of 0 removes it; the total adds the printed prices', () => {
    let cart = setLine(setLine({ lines: [], sent: false }, line('a', 1)), line('b', 2, 250));
    cart = setLine(cart, line('a', 9));
    expect(cart.lines.map((known) => [known.item, known.quantity])).toEqual([
      ['a', 5],
      ['b', 2],
    ]);
    expect(cartTotal(cart)).toBe(5 * 100 + 2 * 250);
    expect(setLine(cart, line('a', 0)).lines.map((known) => known.item)).toEqual(['b']);
    expect(removeLine(cart, 'b').lines.map((known) => known.item)).toEqual(['a']);
    expect(parseCart(serializeCart(cart))).toEqual(cart);
  });
});
