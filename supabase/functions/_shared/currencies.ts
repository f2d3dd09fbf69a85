// The currencies a shop may sell in: ones Razorpay takes for payments (its list of supported
// currencies), each with its minor unit as Razorpay counts amounts in it (ISO 4217's exponent:
// paise for INR, none for JPY). Razorpay's three-decimal currencies (KWD, BHD, OMR) are left out:
// it takes their amounts only with a last digit of 0, a rule no price field should have to explain.
// Dependency-free: the functions (deployed from this folder alone), the model and the pages read it.

export const SHOP_CURRENCIES = [
  { code: 'INR', name: 'Indian rupee', exponent: 2 },
  { code: 'USD', name: 'US dollar', exponent: 2 },
  { code: 'EUR', name: 'Euro', exponent: 2 },
  { code: 'GBP', name: 'Pound sterling', exponent: 2 },
  { code: 'AED', name: 'UAE dirham', exponent: 2 },
  { code: 'AUD', name: 'Australian dollar', exponent: 2 },
  { code: 'BDT', name: 'Bangladeshi taka', exponent: 2 },
  { code: 'CAD', name: 'Canadian dollar', exponent: 2 },
  { code: 'CHF', name: 'Swiss franc', exponent: 2 },
  { code: 'HKD', name: 'Hong Kong dollar', exponent: 2 },
  { code: 'JPY', name: 'Japanese yen', exponent: 0 },
  { code: 'LKR', name: 'Sri Lankan rupee', exponent: 2 },
  { code: 'MYR', name: 'Malaysian ringgit', exponent: 2 },
  { code: 'NPR', name: 'Nepalese rupee', exponent: 2 },
  { code: 'NZD', name: 'New Zealand dollar', exponent: 2 },
  { code: 'QAR', name: 'Qatari riyal', exponent: 2 },
  { code: 'SAR', name: 'Saudi riyal', exponent: 2 },
  { code: 'SEK', name: 'Swedish krona', exponent: 2 },
  { code: 'SGD', name: 'Singapore dollar', exponent: 2 },
  { code: 'THB', name: 'Thai baht', exponent: 2 },
  { code: 'ZAR', name: 'South African rand', exponent: 2 },
] as const;

export type ShopCurrency = (typeof SHOP_CURRENCIES)[number]['code'];

export const SHOP_CURRENCY_CODES = SHOP_CURRENCIES.map((currency) => currency.code) as [ShopCurrency, ...ShopCurrency[]];

export const DEFAULT_SHOP_CURRENCY = 'INR' as const satisfies ShopCurrency;

export const isShopCurrency = (value: unknown): value is ShopCurrency =>
  typeof value === 'string' && SHOP_CURRENCIES.some((currency) => currency.code === value);

/** Digits after the decimal point of an amount in `currency` (2 for one this list does not hold, as ISO's most). */
export function currencyExponent(currency: string): number {
  return SHOP_CURRENCIES.find((entry) => entry.code === currency)?.exponent ?? 2;
}
