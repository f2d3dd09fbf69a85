// The price list is the payment function's (supabase/functions/_shared/prices.ts): one list, charged
// by the server and shown by the screens.
export {
  currencyName,
  formatInr,
  formatMoney,
  PLAN_CURRENCY,
  PLAN_IDS,
  planById,
  type PlanId,
  type PlanPrice,
  PLANS,
  priceFor,
  priceOf,
  type PurchaseItem,
  TEMPLATE_CURRENCY,
  TEMPLATE_PRICES,
  type TemplateId,
} from '../../../supabase/functions/_shared/prices';
