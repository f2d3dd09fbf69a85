// Buying from a published page, with no script (issue 48): ONE order form per page. Each product
// for sale has its quantity (and option) beside it, in the form by the `form` attribute, and a
// "Buy now" / "Add to order" link to the buyer's part of the form at the end of the page's sections
// (the SectionList draws it once): name, email, phone, pickup or delivery as the shop offers it, the
// address when delivered. It posts to the orders function, which prices the published page, never
// the form, and answers with Razorpay's checkout or a page saying what to change. The renderer says
// whether the page sells (the publish function decides it from the owner's plan and Razorpay
// connection): otherwise, and for a product not for sale, "Ask about this" leads to the page's
// message form. In the editor's preview it looks the same but is not sent. An export leaves it out.
import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from 'react';
import { optionField, ORDER_FIELDS, ORDER_LIMITS, quantityField } from '@folioforge/shared';
import { formatMoney, productOffer, type ItemOf, type ProductOffer, type Section } from '../model';
import { SectionLink } from '../common/SectionLink';
import { useShop } from '../common/shop';
import { usePageMessages } from './PageMessageForm';
import styles from './OrderForm.module.scss';

/** Where a published page's order form posts; 'ask' when the page does not sell; 'off' for an export; none in a preview. */
export type PageOrderTarget = { action: string; portfolioId: string; slug: string } | 'ask' | 'off';

const PageOrdersContext = createContext<PageOrderTarget | undefined>(undefined);

export function PageOrdersProvider({ target, children }: { target: PageOrderTarget | undefined; children: ReactNode }) {
  return <PageOrdersContext.Provider value={target}>{children}</PageOrdersContext.Provider>;
}

type OrderMode =
  { kind: 'live'; action: string; portfolioId: string; slug: string } | { kind: 'preview' } | { kind: 'ask' } | { kind: 'off' };

/** How this page takes orders: posted (a published page that sells), shown but not sent (a preview), "Ask about this", or not at all. */
export function usePageOrders(): OrderMode {
  const target = useContext(PageOrdersContext);
  if (target === undefined) return { kind: 'preview' };
  if (target === 'ask' || target === 'off') return { kind: target };
  return { kind: 'live', ...target };
}

/** A product a visitor can order now: it has an amount and something left. */
export function isOrderable(item: ItemOf<'products'>): boolean {
  const offer = productOffer(item);
  return offer !== undefined && !offer.soldOut;
}

/** How many products of these sections can be ordered. */
export function orderableCount(sections: readonly Section[]): number {
  return sections.reduce((count, section) => count + (section.kind === 'products' ? section.items.filter(isOrderable).length : 0), 0);
}

/** The order form's element id on a page whose ids start with `prefix` (usePagePrefix). */
export const orderFormIdOf = (prefix: string) => `${prefix}-order`;

/**
 * The page's one order form (its id; `single`: one product is for sale, so it is bought at once),
 * and the message form's section for "Ask about this"; given by the SectionList.
 */
export interface OrderScope {
  formId: string;
  single: boolean;
  /** The section holding the page's message form, if the page has one. */
  messageSectionId: string | null;
}

const OrderScopeContext = createContext<OrderScope | null>(null);

export function OrderScopeProvider({ scope, children }: { scope: OrderScope; children: ReactNode }) {
  return <OrderScopeContext.Provider value={scope}>{children}</OrderScopeContext.Provider>;
}

/** "Ask about this": to the page's message form; nothing where the page has none. */
function AskAboutThis({ product, className }: { product: ItemOf<'products'>; className?: string }) {
  const scope = useContext(OrderScopeContext);
  const messages = usePageMessages();
  if (!scope?.messageSectionId || !messages) return null;
  return (
    <SectionLink targetId={scope.messageSectionId} className={className ?? styles.button}>
      Ask about this{product.name.trim() ? <span className={styles.visuallyHidden}> ({product.name})</span> : null}
    </SectionLink>
  );
}

/** Whether this product is bought here: the page takes orders (or is a preview) and it is for sale. */
export function useBuysHere(product: ItemOf<'products'>): boolean {
  const mode = usePageOrders();
  const scope = useContext(OrderScopeContext);
  return scope !== null && (mode.kind === 'live' || mode.kind === 'preview') && isOrderable(product);
}

interface ProductOrderProps {
  product: ItemOf<'products'>;
  /** The button's words where the template has its own ("Shop Now"); else "Buy now" or "Add to order". */
  buyLabel?: string;
  /** The template's class for the button. */
  buttonClassName?: string;
}

/**
 * What a product card holds to order it: its quantity and option (fields of the page's order form)
 * and the way to the buyer's part of the form; "Ask about this" where it cannot be bought here;
 * nothing when it is sold out (its price says so).
 */
export function ProductOrder({ product, buyLabel, buttonClassName }: ProductOrderProps) {
  const mode = usePageOrders();
  const scope = useContext(OrderScopeContext);
  const offer = productOffer(product);
  if (mode.kind === 'off') return null;
  if (!offer || mode.kind === 'ask' || !scope) return <AskAboutThis product={product} className={buttonClassName} />;
  if (offer.soldOut) return null;
  return <OrderFields product={product} offer={offer} scope={scope} buyLabel={buyLabel} buttonClassName={buttonClassName} />;
}

function OrderFields({ product, offer, scope, buyLabel, buttonClassName }: ProductOrderProps & { offer: ProductOffer; scope: OrderScope }) {
  const { currency } = useShop();
  const id = `${scope.formId}-${product.id}`;
  const name = product.name.trim();
  const stock = offer.options.length ? null : (product.sale?.stock ?? null);
  const firstOpen = offer.options.find((option) => !option.soldOut && option.price !== null);
  const ofName = name ? <span className={styles.visuallyHidden}> of {name}</span> : null;
  return (
    // What the cart script reads (data-order-*): the name and the prices the card already prints.
    <div
      className={styles.productOrder}
      data-order-item={product.id}
      data-order-name={name}
      data-order-price={offer.options.length ? undefined : offer.price}
    >
      {offer.options.length ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-option`} className={styles.label}>
            {offer.optionName || 'Option'}
            {ofName}
          </label>
          <select
            id={`${id}-option`}
            className={styles.input}
            name={optionField(product.id)}
            form={scope.formId}
            defaultValue={firstOpen?.id}
          >
            {offer.options.map((option) => (
              <option
                key={option.id}
                value={option.id}
                disabled={option.soldOut || option.price === null}
                data-order-price={option.price ?? undefined}
              >
                {option.name}
                {option.price !== null ? ` · ${formatMoney(option.price, currency)}` : ''}
                {option.soldOut ? ' · Sold out' : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-quantity`} className={styles.label}>
          Quantity{ofName}
        </label>
        <input
          id={`${id}-quantity`}
          className={`${styles.input} ${styles.quantity}`}
          type="number"
          inputMode="numeric"
          name={quantityField(product.id)}
          form={scope.formId}
          min={0}
          max={Math.min(ORDER_LIMITS.quantity, stock ?? ORDER_LIMITS.quantity)}
          step={1}
          defaultValue={scope.single ? 1 : 0}
        />
      </div>
      <SectionLink targetId={scope.formId} className={buttonClassName ?? styles.button}>
        {buyLabel ?? (scope.single ? 'Buy now' : 'Add to order')}
        {name ? <span className={styles.visuallyHidden}> ({name})</span> : null}
      </SectionLink>
    </div>
  );
}

/** The buyer's part of the page's order form, after the page's sections; nothing where the page does not sell. */
export function OrderForm() {
  const mode = usePageOrders();
  const scope = useContext(OrderScopeContext);
  const { currency, shipping } = useShop();
  const fieldId = useId();
  const [tried, setTried] = useState(false);
  if (!scope || (mode.kind !== 'live' && mode.kind !== 'preview')) return null;
  const field = (key: string) => `${fieldId}-${key}`;
  const money = (amount: number) => formatMoney(amount, currency);
  const ships = shipping.flatFee !== null;
  const both = ships && shipping.pickup;
  const deliveryText = ships
    ? `Delivery${shipping.flatFee === 0 ? ', free' : `, ${money(shipping.flatFee!)}`}${
        shipping.freeOver !== null && shipping.flatFee !== 0 ? `, free for orders of ${money(shipping.freeOver)} or more` : ''
      }`
    : '';
  const notSent = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
  };
  const text = (
    key: keyof typeof ORDER_FIELDS,
    label: string,
    props: {
      required?: boolean;
      autoComplete: string;
      maxLength: number;
      type?: string;
      hint?: string;
      defaultValue?: string;
      pattern?: string;
    },
  ) => (
    <div className={styles.field}>
      <label htmlFor={field(key)} className={styles.label}>
        {label}
        {props.required ? null : <span className={styles.optional}> (optional)</span>}
      </label>
      {props.hint ? (
        <p id={field(`${key}-hint`)} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      <input
        id={field(key)}
        className={styles.input}
        name={ORDER_FIELDS[key]}
        type={props.type ?? 'text'}
        required={props.required}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        pattern={props.pattern}
        defaultValue={props.defaultValue}
        aria-describedby={props.hint ? field(`${key}-hint`) : undefined}
      />
    </div>
  );
  return (
    <section className={styles.section}>
      <form
        id={scope.formId}
        className={styles.form}
        aria-labelledby={field('heading')}
        method="post"
        // The cart script finds the form by this and formats its preview total in the shop's currency.
        data-order-form={currency}
        data-order-single={scope.single ? 'true' : undefined}
        {...(mode.kind === 'live' ? { action: mode.action } : { onSubmit: notSent })}
        tabIndex={-1}
      >
        <h2 id={field('heading')} className={styles.heading}>
          Your order
        </h2>
        {scope.single ? null : <p className={styles.hint}>Choose how many of each product you want above, then fill in your details.</p>}
        {mode.kind === 'live' ? (
          <>
            <input type="hidden" name={ORDER_FIELDS.portfolio} value={mode.portfolioId} />
            <input type="hidden" name={ORDER_FIELDS.slug} value={mode.slug} />
          </>
        ) : null}
        {text('name', 'Your name', { required: true, autoComplete: 'name', maxLength: ORDER_LIMITS.name })}
        {text('email', 'Email', {
          required: true,
          type: 'email',
          autoComplete: 'email',
          maxLength: ORDER_LIMITS.email,
          hint: 'Your receipt is sent here.',
        })}
        {text('phone', 'Phone', {
          required: true,
          type: 'tel',
          autoComplete: 'tel',
          maxLength: ORDER_LIMITS.phone,
          pattern: '[+]?[0-9 ().\\-]{6,20}',
          hint: 'Like +91 98765 43210.',
        })}
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Pickup or delivery</legend>
          {both ? (
            <>
              <label className={styles.choice}>
                <input type="radio" name={ORDER_FIELDS.delivery} value="pickup" defaultChecked className={styles.pickupChoice} />
                Pick up
              </label>
              <label className={styles.choice}>
                <input type="radio" name={ORDER_FIELDS.delivery} value="ship" />
                {deliveryText}
              </label>
            </>
          ) : (
            <>
              <input type="hidden" name={ORDER_FIELDS.delivery} value={ships ? 'ship' : 'pickup'} />
              <p className={styles.hint}>{ships ? deliveryText : 'Pick up your order from us.'}</p>
            </>
          )}
        </fieldset>
        {ships ? (
          <fieldset className={`${styles.fieldset} ${styles.address}`}>
            <legend className={styles.label}>
              Delivery address{both ? <span className={styles.optional}> (for delivery only)</span> : null}
            </legend>
            {text('addressLine1', 'Street and number', {
              required: !both,
              autoComplete: 'address-line1',
              maxLength: ORDER_LIMITS.addressLine,
            })}
            {text('addressLine2', 'Address, second line', { autoComplete: 'address-line2', maxLength: ORDER_LIMITS.addressLine })}
            {text('city', 'Town or city', { required: !both, autoComplete: 'address-level2', maxLength: ORDER_LIMITS.city })}
            {text('region', 'State or region', { autoComplete: 'address-level1', maxLength: ORDER_LIMITS.region })}
            {text('postalCode', 'Postal code', {
              required: !both,
              autoComplete: 'postal-code',
              maxLength: ORDER_LIMITS.postalCode,
              pattern: '[A-Za-z0-9 \\-]{3,12}',
            })}
            {text('country', 'Country code', {
              required: !both,
              autoComplete: 'country',
              maxLength: 2,
              pattern: '[A-Za-z]{2}',
              defaultValue: 'IN',
              hint: 'Two letters, like IN.',
            })}
          </fieldset>
        ) : null}
        <p className={styles.hint}>You pay on Razorpay’s secure page next. Prices and stock are checked when you order.</p>
        <button className={styles.submit} type="submit">
          Order and pay
        </button>
        {tried ? (
          <p className={styles.hint} role="status">
            Not sent: visitors order with this form on your published page.
          </p>
        ) : null}
      </form>
    </section>
  );
}
