// "Your data" on /account: the account function's calls and answers (supabase/functions/_shared/yourData.ts).
export {
  type AccountDeleted,
  type AccountRefusal,
  type AccountRequest,
  DELETION_CODE_MINUTES,
  DELETION_CODE_PATTERN,
  DELETION_CODE_RESEND_SECONDS,
  DELETION_CODE_TRIES,
  type DeletionCodeSent,
  type DeletionField,
  normaliseDeletionCode,
} from '../../../supabase/functions/_shared/yourData';
