// The price list is the payment function's (supabase/functions/_shared/prices.ts): one list, charged
// by the server and shown by the screens.
export {
  type Currency,
  currencyName,
  formatInr,
  formatMoney,
  PLAN_CURRENCY,
  PLAN_IDS,
  planById,
  type PlanId,
  type PlanPrice,
  PLANS,
  type Price,
  priceFor,
  priceOf,
  type PurchaseItem,
  TEMPLATE_CURRENCY,
  TEMPLATE_PRICES,
  type TemplateId,
} from '../../../supabase/functions/_shared/prices';
