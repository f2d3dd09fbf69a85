// The scripts-on cart on a published page (issue 48), plain DOM (no React: it is one small file).
// The page works without it: every product's quantity and option are fields of the page's one order
// form. The cart is a view of those fields, kept in sessionStorage: "Add to order" puts the product
// in it, "Cart" (template 2's, or the button the script shows once something is in it) opens it as a
// modal dialog, and "Check out" leads to the buyer's part of the SAME form, whose fields the cart has
// filled (products from the site's other pages as hidden fields of the same names). It never sends a
// price: the total it shows is the page's printed prices added up, and the server prices the order.
// Nothing is drawn into the page's flow (the dialog, the button and the announcer are out of it), so
// the page looks the same before, while and after it starts.
import { formatMoney } from '@folioforge/shared/money';
import {
  cartStorageKey,
  cartTotal,
  clampQuantity,
  EMPTY_CART,
  itemCount,
  lineLabel,
  lineTotal,
  parseCart,
  removeLine,
  serializeCart,
  setLine,
  type Cart,
  type CartLine,
  type CartOption,
} from './cartState';

/** A product of this page that can be ordered: its card's fields and its "Add to order". */
interface PageProduct {
  item: string;
  name: string;
  price: number;
  options: CartOption[];
  quantity: HTMLInputElement;
  option: HTMLSelectElement | null;
  add: HTMLAnchorElement | null;
  max: number;
}

const CSS =
  '.ff-cart-vh{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}' +
  '.ff-cart{box-sizing:border-box;width:min(26rem,100vw);max-width:100vw;height:100%;max-height:100%;margin:0 0 0 auto;padding:0;border:0;' +
  'background:#fff;color:#1f2430;font:inherit;font-size:1rem;line-height:1.45;box-shadow:-8px 0 24px rgba(0,0,0,.2)}' +
  '.ff-cart::backdrop{background:rgba(20,22,28,.5)}.ff-cart [hidden]{display:none!important}' +
  '.ff-cart-in{display:flex;flex-direction:column;gap:16px;min-height:100%;box-sizing:border-box;padding:20px}' +
  '.ff-cart-head{display:flex;align-items:center;justify-content:space-between;gap:12px}' +
  '.ff-cart h2{margin:0;font-size:1.5rem;line-height:1.2}.ff-cart h2:focus{outline:none}' +
  '.ff-cart ul{display:grid;gap:12px;margin:0;padding:0;list-style:none}' +
  '.ff-cart li{display:grid;grid-template-columns:1fr auto;gap:8px 12px;align-items:end;padding:12px 0;border-bottom:1px solid #d5d8de}' +
  '.ff-cart-name{grid-column:1/-1;margin:0;font-weight:700}' +
  '.ff-cart-field{display:grid;gap:4px}.ff-cart label{font-weight:600;font-size:.9rem}' +
  '.ff-cart input,.ff-cart select{box-sizing:border-box;min-height:44px;padding:8px 10px;border:1px solid #4a5160;border-radius:6px;background:#fff;color:#1f2430;font:inherit}' +
  '.ff-cart input{width:6rem}.ff-cart select{width:100%}' +
  '.ff-cart-fields{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:end}' +
  '.ff-cart-sum{margin:0;font-weight:700;text-align:right;white-space:nowrap}' +
  '.ff-cart button{min-height:44px;padding:8px 16px;border-radius:999px;font:inherit;font-weight:700;cursor:pointer}' +
  '.ff-cart-plain{border:2px solid currentColor;background:transparent;color:inherit}' +
  '.ff-cart-remove{justify-self:start;min-height:44px;padding:0 4px!important;border:0;background:none;color:#8a1c1c;text-decoration:underline}' +
  '.ff-cart-go,.ff-cart-open{border:0;background:var(--ff-cart-accent,#1f5f8b);color:var(--ff-cart-on-accent,#fff)}' +
  '.ff-cart-total{display:flex;justify-content:space-between;margin:0;font-size:1.15rem;font-weight:700}' +
  '.ff-cart-note,.ff-cart-empty{margin:0;color:#4a5160}' +
  '.ff-cart-actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:auto}' +
  '.ff-cart-open{position:fixed;left:12px;bottom:12px;z-index:2147483646;min-height:48px;padding:10px 18px;border-radius:999px;' +
  'font:inherit;font-weight:700;box-shadow:0 4px 14px rgba(0,0,0,.25);cursor:pointer}' +
  '.ff-cart button:focus-visible,.ff-cart input:focus-visible,.ff-cart select:focus-visible,.ff-cart-open:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}';

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  className?: string,
  textContent?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (textContent !== undefined) node.textContent = textContent;
  return node;
}

/** "Quantity" with " of <name>" for a screen reader, as the page's own fields are labelled. */
function label(document: Document, forId: string, words: string, name: string): HTMLLabelElement {
  const node = element(document, 'label', undefined, words);
  node.htmlFor = forId;
  if (name) node.append(element(document, 'span', 'ff-cart-vh', ` of ${name}`));
  return node;
}

/** The page's products that can be ordered, read from their cards' fields. */
function pageProducts(document: Document, form: HTMLFormElement): Map<string, PageProduct> {
  const products = new Map<string, PageProduct>();
  for (const card of document.querySelectorAll<HTMLElement>('[data-order-item]')) {
    const item = card.dataset.orderItem ?? '';
    const quantity = card.querySelector<HTMLInputElement>(`input[form="${form.id}"][type="number"]`);
    if (!item || !quantity) continue;
    const option = card.querySelector<HTMLSelectElement>(`select[form="${form.id}"]`);
    const options = option
      ? [...option.options]
          .filter((choice) => !choice.disabled && choice.dataset.orderPrice)
          .map((choice) => ({
            id: choice.value,
            name: choice.textContent?.split(' · ')[0] ?? '',
            price: Number(choice.dataset.orderPrice),
          }))
      : [];
    products.set(item, {
      item,
      name: card.dataset.orderName ?? '',
      price: Number(card.dataset.orderPrice ?? options[0]?.price ?? 0),
      options,
      quantity,
      option,
      add: card.querySelector<HTMLAnchorElement>(`a[href="#${form.id}"]`),
      max: clampQuantity(quantity.max || undefined),
    });
  }
  return products;
}

export interface CartStart {
  /** Where the cart is kept (the tab's sessionStorage); null when the browser refuses it (kept for this page only). */
  storage: Storage | null;
  /** The visitor came back with the browser's Back (to fix an order the server refused): a sent cart is kept. */
  returning: boolean;
}

/** Starts the cart on a page holding an order form of several products; does nothing elsewhere. */
export function startCart(document: Document, { storage, returning }: CartStart): void {
  const view = document.defaultView;
  // A browser without modal dialogs keeps the page as it is without a script.
  if (!view || typeof view.HTMLDialogElement?.prototype.showModal !== 'function') return;
  const form = document.querySelector<HTMLFormElement>('form[data-order-form]');
  const portfolio = form?.elements.namedItem('portfolio');
  if (!form || !form.id || !(portfolio instanceof HTMLInputElement) || form.dataset.orderSingle === 'true') return;
  const currency = form.dataset.orderForm || 'INR';
  const money = (amount: number) => formatMoney(amount, currency);
  const key = cartStorageKey(portfolio.value);
  const products = pageProducts(document, form);
  if (products.size === 0) return;

  const read = (): Cart => {
    try {
      return parseCart(storage?.getItem(key) ?? null);
    } catch {
      return EMPTY_CART;
    }
  };
  let cart = read();
  if (cart.sent) cart = returning ? { ...cart, sent: false } : EMPTY_CART;
  // The page knows its own products best (prices, options, stock): their lines take its values.
  for (const line of cart.lines) {
    const product = products.get(line.item);
    if (!product) continue;
    const option = product.options.some((choice) => choice.id === line.option) ? line.option : (product.options[0]?.id ?? '');
    cart = setLine(cart, { ...line, name: product.name, price: product.price, options: product.options, max: product.max, option });
  }

  const save = () => {
    try {
      storage?.setItem(key, serializeCart(cart));
    } catch {
      // Storage full or refused: the cart still works on this page.
    }
  };

  /** The form's fields as the cart says: this page's products in their cards, the others hidden. */
  const writeForm = () => {
    for (const product of products.values()) {
      const line = cart.lines.find((known) => known.item === product.item);
      product.quantity.value = String(line?.quantity ?? 0);
      if (product.option && line?.option) product.option.value = line.option;
    }
    for (const hidden of form.querySelectorAll('input[data-cart-line]')) hidden.remove();
    for (const line of cart.lines) {
      if (products.has(line.item)) continue;
      const fields: [string, string][] = [[`quantity.${line.item}`, String(line.quantity)]];
      if (line.option) fields.push([`option.${line.item}`, line.option]);
      for (const [name, value] of fields) {
        const input = element(document, 'input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        input.dataset.cartLine = '';
        form.append(input);
      }
    }
  };

  const style = element(document, 'style', undefined, CSS);
  document.head.append(style);
  const pageStatus = element(document, 'p', 'ff-cart-vh');
  pageStatus.setAttribute('role', 'status');
  // The cart takes the look of the page's own "Order and pay" button and the form's font.
  const submit = form.querySelector<HTMLElement>('[type="submit"]');
  const dialog = element(document, 'dialog', 'ff-cart');
  const open = element(document, 'button', 'ff-cart-open');
  open.type = 'button';
  open.hidden = true;
  const look = submit ? view.getComputedStyle(submit) : undefined;
  for (const node of [dialog, open]) {
    if (look) {
      node.style.setProperty('--ff-cart-accent', look.backgroundColor);
      node.style.setProperty('--ff-cart-on-accent', look.color);
    }
    node.style.fontFamily = view.getComputedStyle(form).fontFamily;
  }
  dialog.setAttribute('aria-labelledby', `${form.id}-cart-title`);
  const inner = element(document, 'div', 'ff-cart-in');
  const head = element(document, 'div', 'ff-cart-head');
  const title = element(document, 'h2', undefined, 'Your cart');
  title.id = `${form.id}-cart-title`;
  title.tabIndex = -1;
  const close = element(document, 'button', 'ff-cart-plain', 'Close');
  close.type = 'button';
  close.append(element(document, 'span', 'ff-cart-vh', ' cart'));
  head.append(title, close);
  const status = element(document, 'p', 'ff-cart-vh');
  status.setAttribute('role', 'status');
  const list = element(document, 'ul');
  const empty = element(document, 'p', 'ff-cart-empty', 'Your cart is empty. Choose “Add to order” beside a product.');
  const total = element(document, 'p', 'ff-cart-total');
  const totalAmount = element(document, 'span');
  total.append(element(document, 'span', undefined, 'Total'), totalAmount);
  const note = element(document, 'p', 'ff-cart-note', 'Before delivery. Prices and stock are checked when you order.');
  const actions = element(document, 'div', 'ff-cart-actions');
  const checkout = element(document, 'button', 'ff-cart-go', 'Check out');
  checkout.type = 'button';
  const keep = element(document, 'button', 'ff-cart-plain', 'Keep shopping');
  keep.type = 'button';
  actions.append(checkout, keep);
  inner.append(head, status, list, empty, total, note, actions);
  dialog.append(inner);
  document.body.append(pageStatus, dialog, open);

  const summary = () => {
    const count = itemCount(cart);
    return `${count} ${count === 1 ? 'item' : 'items'}, ${money(cartTotal(cart))}`;
  };
  const announce = (message: string) => {
    // Cleared first, so the same words said twice are announced twice.
    const where = dialog.open ? status : pageStatus;
    where.textContent = '';
    view.setTimeout(() => (where.textContent = message), 50);
  };

  /** The totals and the button: after any change. */
  const refresh = () => {
    const some = cart.lines.length > 0;
    open.hidden = !some;
    open.textContent = `Cart: ${summary()}`;
    totalAmount.textContent = money(cartTotal(cart));
    empty.hidden = some;
    total.hidden = note.hidden = checkout.hidden = !some;
    for (const row of list.children) {
      const line = cart.lines.find((known) => known.item === (row as HTMLElement).dataset.item);
      const sum = row.querySelector('.ff-cart-sum');
      if (line && sum) sum.textContent = money(lineTotal(line));
    }
  };

  const change = (line: CartLine) => {
    cart = setLine(cart, line);
    save();
    writeForm();
    refresh();
  };

  /** The cart's lines, drawn anew when one comes or goes. */
  const drawLines = () => {
    list.replaceChildren();
    cart.lines.forEach((line, index) => {
      const row = element(document, 'li');
      row.dataset.item = line.item;
      const id = `${form.id}-cart-${index}`;
      const fields = element(document, 'div', 'ff-cart-fields');
      if (line.options.length) {
        const field = element(document, 'div', 'ff-cart-field');
        const select = element(document, 'select');
        select.id = `${id}-option`;
        for (const choice of line.options) select.add(new Option(`${choice.name} · ${money(choice.price)}`, choice.id));
        select.value = line.option;
        select.addEventListener('change', () => {
          const now = cart.lines.find((known) => known.item === line.item);
          if (!now) return;
          change({ ...now, option: select.value });
          announce(`${lineLabel({ ...now, option: select.value })}. Cart: ${summary()}`);
        });
        field.append(label(document, select.id, 'Option', line.name), select);
        fields.append(field);
      }
      const field = element(document, 'div', 'ff-cart-field');
      const quantity = element(document, 'input');
      quantity.id = `${id}-quantity`;
      quantity.type = 'number';
      quantity.inputMode = 'numeric';
      quantity.min = '0';
      quantity.max = String(line.max);
      quantity.step = '1';
      quantity.value = String(line.quantity);
      quantity.addEventListener('change', () => {
        const now = cart.lines.find((known) => known.item === line.item);
        if (!now) return;
        const wanted = clampQuantity(quantity.value, now.max);
        if (wanted === 0) {
          remove(now);
          return;
        }
        quantity.value = String(wanted);
        change({ ...now, quantity: wanted });
        announce(`${wanted} × ${lineLabel(now)}. Cart: ${summary()}`);
      });
      field.append(label(document, quantity.id, 'Quantity', line.name), quantity);
      fields.append(field);
      const remover = element(document, 'button', 'ff-cart-remove', 'Remove');
      remover.type = 'button';
      remover.append(element(document, 'span', 'ff-cart-vh', ` ${lineLabel(line)}`));
      remover.addEventListener('click', () => remove(line));
      row.append(element(document, 'p', 'ff-cart-name', lineLabel(line)), fields, element(document, 'p', 'ff-cart-sum'), remover);
      list.append(row);
    });
    refresh();
  };

  const remove = (line: CartLine) => {
    const index = cart.lines.findIndex((known) => known.item === line.item);
    cart = removeLine(cart, line.item);
    save();
    writeForm();
    drawLines();
    // Focus stays in the cart: on the line that took its place, else the heading.
    const next = list.children[Math.min(index, list.children.length - 1)]?.querySelector('input');
    (next ?? title).focus();
    announce(`Removed ${lineLabel(line)}. ${cart.lines.length ? `Cart: ${summary()}` : 'Your cart is empty.'}`);
  };

  let opener: HTMLElement | null = null;
  const openCart = (from: HTMLElement) => {
    opener = from;
    drawLines();
    dialog.showModal();
    title.focus();
  };
  dialog.addEventListener('close', () => {
    // Back to what opened it (or, on "Check out", the form's first field), unless that is gone from
    // view (the menu drawer closed): then the form. The event comes after the browser's own return.
    const back = opener && opener.isConnected && (opener.checkVisibility?.() ?? true) ? opener : form;
    opener = null;
    back.focus();
  });
  close.addEventListener('click', () => dialog.close());
  keep.addEventListener('click', () => dialog.close());
  // A tap on the backdrop (outside the panel) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  checkout.addEventListener('click', () => {
    writeForm();
    // The buyer's part of the same form, as "Add to order" leads there without a script.
    opener = form.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? form;
    form.scrollIntoView({ block: 'start' });
    dialog.close();
  });
  open.addEventListener('click', () => openCart(open));

  for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[href="#${form.id}"]`)) {
    if (link.closest('[data-order-item]')) continue;
    // "Cart": a link to the form without a script; the cart with one. In a menu drawer opened by
    // :target the link is still followed, so the drawer closes as it does without a script.
    link.addEventListener('click', (event) => {
      if (link.closest(':target')) {
        // After the link is followed (which moves focus to the form), so the cart takes it.
        view.setTimeout(() => openCart(link), 0);
        return;
      }
      event.preventDefault();
      openCart(link);
    });
  }
  for (const product of products.values()) {
    const fromFields = (): CartLine => ({
      item: product.item,
      name: product.name,
      price: product.price,
      options: product.options,
      max: product.max,
      option: product.option?.value ?? '',
      quantity: clampQuantity(product.quantity.value, product.max),
    });
    product.add?.addEventListener('click', (event) => {
      event.preventDefault();
      const line = fromFields();
      const quantity = Math.max(1, line.quantity);
      change({ ...line, quantity });
      announce(`Added ${quantity} × ${lineLabel(line)}. Cart: ${summary()}`);
    });
    // A quantity or option typed on the card is the cart's too.
    const typed = () => {
      const line = fromFields();
      change(line);
      announce(line.quantity ? `${line.quantity} × ${lineLabel(line)}. Cart: ${summary()}` : `Removed ${lineLabel(line)}.`);
    };
    product.quantity.addEventListener('change', typed);
    product.option?.addEventListener('change', () => {
      if (clampQuantity(product.quantity.value) > 0) typed();
    });
  }
  form.addEventListener('submit', () => {
    writeForm();
    cart = { ...cart, sent: true };
    save();
  });
  view.addEventListener('pageshow', (event) => {
    // Back from the server's "what to change" page: the order was not placed, the cart stays.
    if (event.persisted && cart.sent) {
      cart = { ...cart, sent: false };
      save();
    }
  });

  writeForm();
  save();
  refresh();
}
