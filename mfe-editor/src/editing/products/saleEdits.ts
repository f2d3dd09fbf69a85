// What the editor does to a product's sale and the shop's settings, as pure functions (as
// portfolioEdits.ts does to text fields): each returns a new portfolio sharing every part it did not change.
import { newId, type AnyItem, type Portfolio, type ProductOption, type ProductSale, type ShopSettings } from '@folioforge/templates';
import { itemPath, mapSection, sectionOf, type FieldPath } from '../portfolioEdits';

/** A sale's part, named like a field for undo's focus and the preview's place: `item.<section>.<item>.sale.<part>`. */
export const salePath = (sectionId: string, itemId: string, part: string): FieldPath => `${itemPath(sectionId, itemId, 'sale')}.${part}`;
export const shopPath = (part: string): FieldPath => `shop.${part}`;

/** A product before its owner set an amount. */
export const EMPTY_SALE: ProductSale = Object.freeze({ price: null, stock: null, options: [] });

type Product = AnyItem & { price: string; sale?: ProductSale };

function productOf(portfolio: Portfolio, sectionId: string, itemId: string): Product | undefined {
  const section = sectionOf(portfolio, sectionId);
  return section?.kind === 'products' ? (section.items.find((item) => item.id === itemId) as Product | undefined) : undefined;
}

export const readSale = (portfolio: Portfolio, sectionId: string, itemId: string): ProductSale | undefined =>
  productOf(portfolio, sectionId, itemId)?.sale;

/** The product's free-text price, when it still has one. */
export const readTextPrice = (portfolio: Portfolio, sectionId: string, itemId: string): string =>
  productOf(portfolio, sectionId, itemId)?.price ?? '';

/**
 * The product with its sale changed. Setting an amount retires the price typed as text before
 * prices were money: the amount is what the page shows now.
 */
export function writeSale(portfolio: Portfolio, sectionId: string, itemId: string, change: (sale: ProductSale) => ProductSale): Portfolio {
  // On whichever page the product is.
  return mapSection(portfolio, sectionId, (section) =>
    section.kind === 'products'
      ? {
          ...section,
          items: section.items.map((item) => {
            if (item.id !== itemId) return item;
            const sale = change(item.sale ?? EMPTY_SALE);
            return { ...item, sale, ...(sale.price !== null ? { price: '' } : {}) };
          }),
        }
      : section,
  );
}

export const newOption = (name = ''): ProductOption => ({ id: newId(), name, price: null, stock: null });

export const withShop = (portfolio: Portfolio, shop: ShopSettings): Portfolio => ({ ...portfolio, shop });
