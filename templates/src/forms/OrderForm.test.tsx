// The page's order form as a published page carries it (rendered to static HTML, read back as a
// document: what a visitor with scripts off gets) and as the editor's preview shows it.
import '@testing-library/jest-dom';
import { describe, expect, test } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { getTemplate } from '../registry';
import { renderStaticPage, type StaticPageOptions } from '../render/renderStaticPage';
import type { ItemOf, Portfolio, ShopShipping } from '../model';

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
  messages: { action: 'https://project.supabase.example/functions/v1/page-message', portfolioId: LIVE.portfolioId, slug: LIVE.slug },
  orders: LIVE,
};

const product = (id: string, name: string, sale: ItemOf<'products'>['sale'], price = ''): ItemOf<'products'> => ({
  id,
  name,
  price,
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
    { id: 'large', name: 'Large', price: 50000, stock: 0 },
    { id: 'small', name: 'Small', price: null, stock: 5 },
  ],
});
const GONE = product('gone', 'Plum cake', { price: 40000, stock: 0, options: [] });
const JAM = product('jam', 'Jam', undefined, 'Ask us');

/** Template 2's sample (its contact section holds the message form) with a products section and a shop. */
function bakery(items: ItemOf<'products'>[], shipping: ShopShipping = { pickup: true, flatFee: 5000, freeOver: 100000 }): Portfolio {
  const sample = getTemplate(2)!.sample;
  return {
    ...sample,
    shop: { currency: 'INR', shipping },
    sections: [
      { id: 'menu', kind: 'products', title: 'Our bakes', body: '', hidden: false, items },
      ...sample.sections,
    ] as Portfolio['sections'],
  };
}

/** The published page as a document, as a browser with scripts off reads it. */
function published(portfolio: Portfolio, options: Partial<StaticPageOptions> = {}, template = '2'): Document {
  const { html } = renderStaticPage(template, portfolio, { ...PUBLISHED, ...options });
  expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  return document;
}

const orderForm = () => screen.getByRole('form', { name: 'Your order' }) as HTMLFormElement;
/** What the form would post now, fields outside it (the products' own, by `form=`) included, as a browser sends them. */
const posted = (form: HTMLFormElement) => {
  const fields = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[form="${form.id}"], #${form.id} [name]`)];
  return Object.fromEntries(
    fields
      .filter((field) => !(field instanceof HTMLInputElement && field.type === 'radio' && !field.checked))
      .map((field) => [field.name, field.value]),
  );
};

describe('the order form of a published page', () => {
  test('each product has its quantity and option in the one order form, which posts to the orders function', () => {
    published(bakery([CAKE, TART, product('bread', 'Sourdough', { price: 9000, stock: null, options: [] })]));
    const form = orderForm();
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', LIVE.action);
    expect(screen.getAllByRole('form')).toHaveLength(2); // the order and the message form

    const cake = screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' });
    expect(cake).toHaveAttribute('name', 'quantity.cake');
    expect(cake).toHaveAttribute('form', form.id);
    expect(cake).toHaveValue(0);
    expect(cake).toHaveAttribute('max', '3'); // what the page has left
    const size = screen.getByRole('combobox', { name: 'Size of Fruit tart' });
    expect(size).toHaveAttribute('name', 'option.tart');
    expect(size).toHaveAttribute('form', form.id);
    // A sold-out option cannot be chosen; the one left is chosen already.
    expect(within(size).getByRole('option', { name: 'Large · ₹500.00 · Sold out' })).toBeDisabled();
    expect(size).toHaveValue('small');
    // Several products: each is added to the order, which is at the end of the page.
    const add = screen.getByRole('link', { name: 'Add to order (Chocolate cake)' });
    expect(add).toHaveAttribute('href', `#${form.id}`);

    fireEvent.change(cake, { target: { value: '2' } });
    expect(posted(form)).toMatchObject({
      portfolio: LIVE.portfolioId,
      slug: LIVE.slug,
      'quantity.cake': '2',
      'quantity.tart': '0',
      'option.tart': 'small',
      'quantity.bread': '0',
      delivery: 'pickup',
    });
    expect(Object.keys(posted(form)).some((name) => /price|amount|total/i.test(name))).toBe(false);
  });

  test("the buyer's fields are labelled, required where the function needs them, and say what they are for", () => {
    published(bakery([CAKE, TART]));
    const form = within(orderForm());
    expect(form.getByLabelText('Your name')).toBeRequired();
    expect(form.getByLabelText('Your name')).toHaveAttribute('autocomplete', 'name');
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Your receipt is sent here.');
    expect(form.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText('Phone')).toBeRequired();
    // Pickup or delivery as the shop offers it: its fee and when it is free.
    const choice = form.getByRole('group', { name: 'Pickup or delivery' });
    expect(within(choice).getByRole('radio', { name: 'Pick up' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Delivery, ₹50.00, free for orders of ₹1,000.00 or more' })).not.toBeChecked();
    // The address is for delivery only: not required when the buyer may pick up.
    const address = form.getByRole('group', { name: /Delivery address/ });
    expect(within(address).getByLabelText('Street and number (optional)')).toHaveAttribute('name', 'addressLine1');
    expect(within(address).getByLabelText('Postal code (optional)')).not.toBeRequired();
    expect(form.getByRole('button', { name: 'Order and pay' })).toHaveAttribute('type', 'submit');
  });

  test('a shop that only delivers asks for the address; one that only hands over asks for none', () => {
    published(bakery([CAKE], { pickup: false, flatFee: 0, freeOver: null }));
    let form = within(orderForm());
    expect(form.queryByRole('radio')).toBeNull();
    expect(form.getByText('Delivery, free')).toBeInTheDocument();
    expect(posted(orderForm()).delivery).toBe('ship');
    expect(form.getByLabelText('Street and number')).toBeRequired();
    expect(form.getByLabelText('Postal code')).toBeRequired();

    published(bakery([CAKE], { pickup: true, flatFee: null, freeOver: null }));
    form = within(orderForm());
    expect(form.getByText('Pick up your order from us.')).toBeInTheDocument();
    expect(posted(orderForm()).delivery).toBe('pickup');
    expect(form.queryByLabelText(/Street and number/)).toBeNull();
  });

  test('one product for sale is bought at once: "Buy now", one of it', () => {
    published(bakery([CAKE, GONE]));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' })).toHaveValue(1);
    expect(screen.getByRole('link', { name: 'Buy now (Chocolate cake)' })).toHaveAttribute('href', `#${orderForm().id}`);
  });

  test('a sold-out product says so and cannot be ordered; one not for sale is asked about', () => {
    published(
      bakery([
        CAKE,
        GONE,
        JAM,
        product('plum', 'Plum tart', { ...TART.sale!, options: TART.sale!.options.map((o) => ({ ...o, stock: 0 })) }),
      ]),
    );
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
    for (const name of ['Plum cake', 'Plum tart']) {
      expect(within(card(name)).getByText('Sold out')).toBeInTheDocument();
      expect(within(card(name)).queryByRole('spinbutton')).toBeNull();
      expect(within(card(name)).queryByRole('combobox')).toBeNull();
      expect(within(card(name)).queryByRole('link', { name: /Add to order|Buy now/ })).toBeNull();
    }
    // Its price did not read as an amount: shown as typed, and the owner is asked at the message form.
    expect(within(card('Jam')).getByText('Ask us')).toBeInTheDocument();
    const ask = within(card('Jam')).getByRole('link', { name: 'Ask about this (Jam)' });
    const contact = document.getElementById(ask.getAttribute('href')!.slice(1))!;
    expect(within(contact).getByRole('form', { name: 'Have Question In Mind?' })).toBeInTheDocument();
  });

  test('what orders hold is taken off the stock: the last one taken, the page says "Sold out"', () => {
    published(bakery([CAKE, TART]), { stockHeld: { 'cake/': 1 } });
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' })).toHaveAttribute('max', '2');
    published(bakery([CAKE, TART]), { stockHeld: { 'cake/': 3, 'tart/small': 5 } });
    const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;
    for (const name of ['Chocolate cake', 'Fruit tart']) {
      expect(within(card(name)).getAllByText('Sold out')[0]).toBeInTheDocument();
      expect(within(card(name)).queryByRole('spinbutton')).toBeNull();
    }
    expect(screen.queryByRole('form', { name: 'Your order' })).toBeNull();
  });

  test('a page whose owner does not sell asks about every product, and has no order form', () => {
    published(bakery([CAKE, TART]), { orders: 'ask' });
    expect(screen.queryByRole('form', { name: 'Your order' })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cart' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask about this (Chocolate cake)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask about this (Fruit tart)' })).toBeInTheDocument();
    // An export (hosted elsewhere) can neither order nor send a message.
    published(bakery([CAKE, TART]), { orders: 'off', messages: 'off' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('link', { name: /Ask about this/ })).toBeNull();
    expect(screen.getByText('₹450.00')).toBeInTheDocument();
  });

  test('template 2: "Order Now" leads to the products and the drawer\'s "Cart" to the order', () => {
    published(bakery([CAKE, TART]));
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute(
      'href',
      `#${screen.getByRole('heading', { name: 'Our bakes' }).closest('section')!.id}`,
    );
    const drawer = screen.getByRole('navigation', { name: 'Menu' }).parentElement!;
    expect(within(drawer).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', `#${orderForm().id}`);
  });

  test('template 4: its hero\'s "Shop Now" buys the product here', () => {
    const sample = getTemplate(4)!.sample;
    published(sample, {}, '4');
    const mug = sample.sections[0]!.items[0]! as ItemOf<'products'>;
    const shopNow = screen.getByRole('link', { name: `Shop Now (${mug.name})` });
    expect(shopNow).toHaveAttribute('href', `#${orderForm().id}`);
    expect(screen.getByRole('spinbutton', { name: `Quantity of ${mug.name}` })).toHaveAttribute('name', `quantity.${mug.id}`);
  });

  test('products on a page of the site besides home are ordered there', () => {
    const site: Portfolio = {
      ...getTemplate(2)!.sample,
      pages: [
        {
          id: 'shoppage',
          slug: 'shop',
          title: 'Shop',
          inNavigation: true,
          sections: [{ id: 'menu', kind: 'products', title: 'Our bakes', body: '', hidden: false, items: [CAKE] }] as Portfolio['sections'],
        },
      ],
    };
    published(site, { sitePage: { id: 'shoppage' } });
    expect(orderForm()).toHaveAttribute('action', LIVE.action);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Chocolate cake' })).toHaveAttribute('name', 'quantity.cake');
  });
});

describe('the order form in the editor’s preview', () => {
  test('looks the same but is not sent: pressing its button says where it works', () => {
    const { Page } = getTemplate(2)!;
    document.body.innerHTML = '';
    render(<Page portfolio={bakery([CAKE, TART])} />);
    const form = orderForm();
    expect(form).not.toHaveAttribute('action');
    expect(screen.getByRole('link', { name: 'Add to order (Chocolate cake)' })).toHaveAttribute('href', `#${form.id}`);
    fireEvent.submit(form);
    expect(within(form).getByRole('status')).toHaveTextContent('Not sent: visitors order with this form on your published page.');
  });
});
