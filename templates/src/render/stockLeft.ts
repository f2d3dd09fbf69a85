// What is left of each product when a page is rendered: its stock count on the page less what orders
// hold (public.shop_stock: pending and paid orders, by item and option; the publish function reads
// it), so a product whose last one is taken says "Sold out" and cannot be ordered. Unlimited stock
// (null) stays unlimited.
import type { Portfolio, ProductSale, Section } from '../model';

/** Units held by orders, by `<item id>/<option id>` ('' for a product without options). */
export type StockHeld = Readonly<Record<string, number>>;

const left = (stock: number | null, held: number | undefined) => (stock === null || !held ? stock : Math.max(0, stock - held));

function saleLeft(item: string, sale: ProductSale, held: StockHeld): ProductSale {
  return {
    ...sale,
    stock: left(sale.stock, held[`${item}/`]),
    options: sale.options.map((option) => ({ ...option, stock: left(option.stock, held[`${item}/${option.id}`]) })),
  };
}

function sectionsLeft(sections: Section[], held: StockHeld): Section[] {
  return sections.map((section) =>
    section.kind === 'products'
      ? { ...section, items: section.items.map((item) => (item.sale ? { ...item, sale: saleLeft(item.id, item.sale, held) } : item)) }
      : section,
  );
}

/** The site with each product's stock as what is left of it, on every page. */
export function withStockLeft<T extends Portfolio>(site: T, held: StockHeld | undefined): T {
  if (!held || Object.keys(held).length === 0) return site;
  return {
    ...site,
    sections: sectionsLeft(site.sections, held),
    ...(site.pages ? { pages: site.pages.map((page) => ({ ...page, sections: sectionsLeft(page.sections, held) })) } : {}),
  };
}
