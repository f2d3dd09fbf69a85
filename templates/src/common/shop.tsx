// The shop's settings where a page's product views read them (its currency): given once per page
// by the template's Page (registry.ts wraps each), rupees where none is given.
import { createContext, useContext, type ComponentType } from 'react';
import { DEFAULT_SHOP, shopOf, type ShopSettings } from '../model';
import type { TemplatePageProps } from '../types';

const ShopContext = createContext<ShopSettings>(DEFAULT_SHOP);

export const useShop = (): ShopSettings => useContext(ShopContext);

/** A template's Page that gives its portfolio's shop to the product views in it. */
export function withShop(Page: ComponentType<TemplatePageProps>): ComponentType<TemplatePageProps> {
  function ShopPage(props: TemplatePageProps) {
    return (
      <ShopContext.Provider value={shopOf(props.portfolio)}>
        <Page {...props} />
      </ShopContext.Provider>
    );
  }
  ShopPage.displayName = `withShop(${Page.displayName ?? Page.name})`;
  return ShopPage;
}
