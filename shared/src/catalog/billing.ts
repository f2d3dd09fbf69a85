// The billing contract is the payment functions' (supabase/functions/_shared/billing.ts): one set of
// shapes for what the browser sends, what the functions answer and the rows every screen reads.
export * from '../../../supabase/functions/_shared/billing';
