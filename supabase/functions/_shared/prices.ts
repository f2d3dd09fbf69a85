// The one price list, used by the pricing screen, the checkout button and the payment function.
// It lives here because Supabase deploys a function only with what is under supabase/functions/
// (supabase/cli#3467); the frontends read it through @folioforge/shared. Dependency-free on purpose.
// Template prices are generated from each template folder's template.json (tooling/templateIndex.mjs).
import { TEMPLATE_PRICES, type TemplateId } from './templatePrices.generated.ts';

export { TEMPLATE_PRICES, type TemplateId };

export const CURRENCY = 'INR' as const;

export type PlanId = 'basic' | 'pro' | 'premium';

export interface PlanPrice {
  id: PlanId;
  name: string;
  /** Minor units (paise) charged per month. */
  amount: number;
  /** How long one payment unlocks the plan. */
  periodDays: number;
}

export const PLANS: readonly PlanPrice[] = [
  { id: 'basic', name: 'Basic', amount: 999, periodDays: 30 },
  { id: 'pro', name: 'Pro', amount: 1999, periodDays: 30 },
  { id: 'premium', name: 'Premium', amount: 2999, periodDays: 30 },
];

export type PurchaseItem = { itemType: 'plan'; itemId: PlanId } | { itemType: 'template'; itemId: TemplateId };

/** Amount in minor units for what the buyer names; undefined when the item does not exist. */
export function priceOf(item: { itemType: string; itemId: string | number }): number | undefined {
  if (item.itemType === 'plan') return PLANS.find((plan) => plan.id === item.itemId)?.amount;
  if (item.itemType === 'template') {
    // Only the canonical spelling: '0x3' or '3.0' would be charged for 3 but stored as something else.
    const id = typeof item.itemId === 'number' ? item.itemId : /^[1-9][0-9]*$/.test(item.itemId) ? Number(item.itemId) : NaN;
    const rupees: number | undefined = TEMPLATE_PRICES[id as TemplateId];
    return rupees === undefined ? undefined : rupees * 100;
  }
  return undefined;
}

/** "₹9.99" for 999 paise. */
export function formatInr(minorUnits: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: CURRENCY }).format(minorUnits / 100);
}
