// "Your data" on /account: the deletion code's rules (supabase/functions/_shared/yourData.ts).
export {
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_CODE_TRIES,
  normaliseDeletionCode,
} from '../../../supabase/functions/_shared/yourData';
