// The shop's settings in the editor, for a portfolio with products: the currency its prices are in
// (one Razorpay takes) and how orders reach buyers: pickup, a flat shipping fee, free over an amount.
import { memo, useId, type ChangeEvent } from 'react';
import { isShopCurrency, SHOP_CURRENCIES, shopOf, type ShopSettings } from '@folioforge/templates';
import { useEditor, useEditorState } from '../editorHooks';
import { AmountField } from './AmountField';
import { shopPath, withShop } from './saleEdits';
import { FieldsForm } from '../form/FieldsForm';
import fieldStyles from '../fields/FieldInput.module.scss';
import formStyles from '../form/PortfolioForm.module.scss';
import styles from './ProductSaleFields.module.scss';

const nameOf = (code: string) => SHOP_CURRENCIES.find((entry) => entry.code === code)?.name ?? code;

/** Drawn only when the portfolio has a products section: a shop's settings mean nothing without one. */
export const ShopSettingsFields = memo(function ShopSettingsFields() {
  // The shop is the site's: products on any of its pages.
  const hasProducts = useEditorState((state) =>
    [state.portfolio.sections, ...(state.portfolio.pages ?? []).map((page) => page.sections)].some((sections) =>
      sections.some((section) => section.kind === 'products'),
    ),
  );
  return hasProducts ? <ShopFields /> : null;
});

function ShopFields() {
  const editor = useEditor();
  const shop = useEditorState((state) => shopOf(state.portfolio));
  const currencyId = useId();
  const pickupId = useId();
  const shipsId = useId();
  const problemId = useId();
  const { currency, shipping } = shop;
  const set = (next: ShopSettings, label: string, focus: string) =>
    editor.change(withShop(editor.portfolio, next), { label, focus, undoFocus: focus });
  const type = (part: 'flatFee' | 'freeOver', value: number | null) =>
    editor.setValue(shopPath(part), withShop(editor.portfolio, { ...shop, shipping: { ...shipping, [part]: value } }));
  const ships = shipping.flatFee !== null;
  const problem = !shipping.pickup && !ships ? 'Offer pickup, shipping, or both.' : null;
  return (
    <FieldsForm>
      <fieldset className={formStyles.group}>
        <legend className={formStyles.legend}>Shop</legend>
        <p className={formStyles.hint}>The currency of your products’ prices, and how orders reach your buyers.</p>
        <div className={fieldStyles.field}>
          <label htmlFor={currencyId} className={fieldStyles.label}>
            Currency
          </label>
          <select
            id={currencyId}
            name={shopPath('currency')}
            className={fieldStyles.input}
            value={currency}
            aria-describedby={`${currencyId}-hint`}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              const code = event.target.value;
              if (isShopCurrency(code)) set({ ...shop, currency: code }, `Shop currency: ${nameOf(code)}`, shopPath('currency'));
            }}
          >
            {SHOP_CURRENCIES.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name} ({entry.code})
              </option>
            ))}
          </select>
          <p id={`${currencyId}-hint`} className={fieldStyles.hint}>
            Prices are not converted when you change it: check them after.
          </p>
        </div>
        <div className={styles.check}>
          <input
            id={pickupId}
            name={shopPath('pickup')}
            type="checkbox"
            checked={shipping.pickup}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) =>
              set(
                { ...shop, shipping: { ...shipping, pickup: event.target.checked } },
                event.target.checked ? 'Buyers may pick up orders' : 'No pickup',
                shopPath('pickup'),
              )
            }
          />
          <label htmlFor={pickupId}>Buyers may pick up their order</label>
        </div>
        <div className={styles.check}>
          <input
            id={shipsId}
            name={shopPath('ships')}
            type="checkbox"
            checked={ships}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) =>
              set(
                {
                  ...shop,
                  shipping: {
                    ...shipping,
                    flatFee: event.target.checked ? 0 : null,
                    freeOver: event.target.checked ? shipping.freeOver : null,
                  },
                },
                event.target.checked ? 'Orders are shipped' : 'Orders are not shipped',
                shopPath('ships'),
              )
            }
          />
          <label htmlFor={shipsId}>You ship orders</label>
        </div>
        {problem ? (
          <p id={problemId} role="alert" className={fieldStyles.error}>
            {problem}
          </p>
        ) : null}
        {ships ? (
          <div className={styles.row}>
            <AmountField
              path={shopPath('flatFee')}
              label={`Shipping fee, ${currency}`}
              accessibleLabel={`Shipping fee per order, in ${nameOf(currency)} (${currency})`}
              hint="Per order; 0 or empty: free."
              value={shipping.flatFee}
              currency={currency}
              emptyIs={0}
              onChange={(value) => type('flatFee', value)}
            />
            <AmountField
              path={shopPath('freeOver')}
              label={`Free over, ${currency}`}
              accessibleLabel={`Free shipping for orders of at least, in ${nameOf(currency)} (${currency})`}
              hint="Orders of at least this ship free; empty: never."
              value={shipping.freeOver}
              currency={currency}
              onChange={(value) => type('freeOver', value)}
            />
          </div>
        ) : null}
      </fieldset>
    </FieldsForm>
  );
}
