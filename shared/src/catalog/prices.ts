// The price list is the payment function's (supabase/functions/_shared/prices.ts): one list, charged
// by the server and shown by the screens.
export * from '../../../supabase/functions/_shared/prices';
