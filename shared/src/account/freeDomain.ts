// The free domain's rules and the domains function's answers (supabase/functions/_shared/freeDomain.ts).
export * from '../../../supabase/functions/_shared/freeDomain';
