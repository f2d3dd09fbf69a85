// Money as every screen and page spells it, without the rest of the package: the functions' one
// formatter and the currencies a shop may sell in (the portfolio model reads these in Node and Deno too).
export { formatMoney } from '../../supabase/functions/_shared/prices';
export {
  DEFAULT_SHOP_CURRENCY,
  SHOP_CURRENCIES,
  SHOP_CURRENCY_CODES,
  currencyExponent,
  isShopCurrency,
  type ShopCurrency,
} from '../../supabase/functions/_shared/currencies';
