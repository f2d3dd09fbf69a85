// "Your data" on /account: the account function's calls and answers (supabase/functions/_shared/yourData.ts).
export * from '../../../supabase/functions/_shared/yourData';
