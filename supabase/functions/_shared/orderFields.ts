// A page's order form, as the page renders it (templates/src/forms/OrderForm.tsx, through
// @folioforge/shared) and the orders function reads it (contracts/pageForms.ts checks the values):
// one form for every product of the page, each product's quantity and option named by its item id.
// Dependency-free, so a page starts without zod.

/** The buyer's fields, as the page posts them. */
export const ORDER_FIELDS = {
  portfolio: 'portfolio',
  slug: 'slug',
  name: 'name',
  email: 'email',
  phone: 'phone',
  delivery: 'delivery',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  city: 'city',
  region: 'region',
  postalCode: 'postalCode',
  country: 'country',
} as const;

export const ORDER_LIMITS = {
  name: 120,
  email: 254,
  phone: 20,
  /** Products of one order. */
  lines: 50,
  /** Of one product in one order. */
  quantity: 100,
  addressLine: 200,
  city: 80,
  region: 80,
  postalCode: 12,
} as const;

/** The form's field of an item's quantity, and of its option. */
export const quantityField = (item: string) => `quantity.${item}`;
export const optionField = (item: string) => `option.${item}`;
