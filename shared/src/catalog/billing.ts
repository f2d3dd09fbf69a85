// Billing's rows and rules (supabase/functions/_shared/billing.ts): one set of shapes for the rows
// every screen reads, the same as the payments function answers.
export {
  BILLING_HISTORY_COLUMNS,
  BILLING_SUBSCRIPTION_COLUMNS,
  type BillingHistoryEntry,
  billingHistoryEntrySchema,
  type BillingState,
  billingStateOf,
  type BillingSubscription,
  billingSubscriptionSchema,
  GRACE_PERIOD_DAYS,
  holdsUntil,
  planIdSchema,
} from '../../../supabase/functions/_shared/billing';
