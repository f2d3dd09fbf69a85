// A product's price and stock in the editor: its price in the shop's currency, a "was" price, its
// stock (a count, or empty for unlimited) and up to ten options, each with its own price and stock.
// A price still typed as text (from before prices were money) is said beside the field: the product
// is not for sale until it has an amount.
import { memo, useId } from 'react';
import { Button } from '@folioforge/shared';
import { PRODUCT_LIMITS, readPrice, SHOP_CURRENCIES, shopOf, type ProductOption, type ProductSale } from '@folioforge/templates';
import { useEditor, useEditorState } from '../editorHooks';
import { AmountField, SaleText } from './AmountField';
import { EMPTY_SALE, newOption, readSale, readTextPrice, salePath, writeSale } from './saleEdits';
import formStyles from '../form/PortfolioForm.module.scss';
import styles from './ProductSaleFields.module.scss';

interface Props {
  sectionId: string;
  itemId: string;
  /** "Product 2": what the fields' accessible names start with. */
  name: string;
}

export const ProductSaleFields = memo(function ProductSaleFields({ sectionId, itemId, name }: Props) {
  const editor = useEditor();
  const sale = useEditorState((state) => readSale(state.portfolio, sectionId, itemId)) ?? EMPTY_SALE;
  const textPrice = useEditorState((state) => readTextPrice(state.portfolio, sectionId, itemId));
  const currency = useEditorState((state) => shopOf(state.portfolio).currency);
  const currencyName = SHOP_CURRENCIES.find((entry) => entry.code === currency)?.name ?? currency;
  const noteId = useId();
  const addNoteId = useId();

  const type = (part: string, change: (sale: ProductSale) => ProductSale) =>
    editor.setValue(salePath(sectionId, itemId, part), writeSale(editor.portfolio, sectionId, itemId, change));
  const setOption = (optionId: string, part: keyof ProductOption, change: Partial<ProductOption>) =>
    type(`options.${optionId}.${part}`, (current) => ({
      ...current,
      options: current.options.map((option) => (option.id === optionId ? { ...option, ...change } : option)),
    }));
  const addOption = () => {
    const option = newOption();
    editor.change(
      writeSale(editor.portfolio, sectionId, itemId, (current) => ({ ...current, options: [...current.options, option] })),
      {
        label: `Added option ${sale.options.length + 1} to ${name}`,
        focus: salePath(sectionId, itemId, `options.${option.id}.name`),
        undoFocus: `add-option:${sectionId}:${itemId}`,
      },
    );
  };
  const removeOption = (optionId: string, index: number) =>
    editor.change(
      writeSale(editor.portfolio, sectionId, itemId, (current) => ({
        ...current,
        options: current.options.filter((option) => option.id !== optionId),
      })),
      {
        label: `Removed option ${index + 1} of ${name}`,
        focus: `add-option:${sectionId}:${itemId}`,
        undoFocus: salePath(sectionId, itemId, `options.${optionId}.name`),
      },
    );

  const inCurrency = `in ${currencyName} (${currency})`;
  const notForSale =
    sale.price === null && textPrice.trim() !== '' && !sale.options.some((option) => option.price !== null)
      ? (() => {
          const reading = readPrice(textPrice, currency);
          return `Your price “${textPrice.trim()}” is not an amount, so this product is not for sale. ${reading.ok ? 'Write it as an amount, like 450' : reading.message}.`;
        })()
      : null;
  const full = sale.options.length >= PRODUCT_LIMITS.productOptions;

  return (
    <fieldset className={styles.sale}>
      <legend className={styles.legend}>Price and stock</legend>
      {notForSale ? (
        <p id={noteId} className={styles.note}>
          {notForSale}
        </p>
      ) : null}
      <div className={styles.row}>
        <AmountField
          path={salePath(sectionId, itemId, 'price')}
          label={`Price, ${currency}`}
          accessibleLabel={`${name} price, ${inCurrency}`}
          hint="Empty: not for sale."
          value={sale.price}
          currency={currency}
          onChange={(price) => type('price', (current) => ({ ...current, price }))}
        />
        <AmountField
          path={salePath(sectionId, itemId, 'compareAt')}
          label={`Was, ${currency}`}
          accessibleLabel={`${name} earlier price, ${inCurrency}`}
          hint="Shown struck through; empty: none."
          value={sale.compareAt ?? null}
          currency={currency}
          problem={
            sale.compareAt != null && sale.price !== null && sale.compareAt <= sale.price
              ? 'Make it more than the price, or leave it empty'
              : null
          }
          onChange={(compareAt) => type('compareAt', (current) => ({ ...current, compareAt }))}
        />
        {sale.options.length === 0 ? (
          <AmountField
            path={salePath(sectionId, itemId, 'stock')}
            label="Stock"
            accessibleLabel={`${name} stock`}
            hint="Empty: unlimited; 0 shows Sold out."
            value={sale.stock}
            onChange={(stock) => type('stock', (current) => ({ ...current, stock }))}
          />
        ) : null}
      </div>
      <SaleText
        path={salePath(sectionId, itemId, 'optionName')}
        label="Options"
        accessibleLabel={`${name} options, what they choose`}
        hint="What buyers choose, like Size or Flavour; each option has its own price and stock."
        value={sale.optionName ?? ''}
        maxLength={PRODUCT_LIMITS.optionNameLength}
        onChange={(optionName) => type('optionName', (current) => ({ ...current, optionName }))}
      />
      {sale.options.length ? (
        <ol className={styles.options}>
          {sale.options.map((option, index) => {
            const optionName = `${name} option ${index + 1}`;
            return (
              <li key={option.id} className={styles.option}>
                <SaleText
                  path={salePath(sectionId, itemId, `options.${option.id}.name`)}
                  label={`Option ${index + 1}`}
                  accessibleLabel={`${optionName} name`}
                  value={option.name}
                  maxLength={PRODUCT_LIMITS.optionLength}
                  onChange={(value) => setOption(option.id, 'name', { name: value })}
                />
                <AmountField
                  path={salePath(sectionId, itemId, `options.${option.id}.price`)}
                  label={`Price, ${currency}`}
                  accessibleLabel={`${optionName} price, ${inCurrency}`}
                  hint="Empty: the product’s price."
                  value={option.price}
                  currency={currency}
                  onChange={(price) => setOption(option.id, 'price', { price })}
                />
                <AmountField
                  path={salePath(sectionId, itemId, `options.${option.id}.stock`)}
                  label="Stock"
                  accessibleLabel={`${optionName} stock`}
                  hint="Empty: unlimited."
                  value={option.stock}
                  onChange={(stock) => setOption(option.id, 'stock', { stock })}
                />
                <button
                  type="button"
                  className={formStyles.tool}
                  onClick={() => removeOption(option.id, index)}
                  aria-label={`Remove ${optionName}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        variant="secondary"
        onClick={addOption}
        disabled={full}
        data-focus={`add-option:${sectionId}:${itemId}`}
        aria-describedby={full ? addNoteId : undefined}
        aria-label={`Add an option to ${name}`}
      >
        Add an option
      </Button>
      {full ? (
        <p id={addNoteId} className={formStyles.hint}>
          A product has at most {PRODUCT_LIMITS.productOptions} options.
        </p>
      ) : null}
    </fieldset>
  );
});
