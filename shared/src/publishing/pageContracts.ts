// The rules of what people type into the contact form and a page's sign-up form: the functions' own
// module (supabase/functions/_shared/pageContracts.ts), so the screens check exactly what the
// server does. The functions' requests and answers are their contracts (../functions/contracts.ts).
export {
  contactFieldProblems,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  SIGN_UP_NOTES,
  type ContactField,
  type ContactRequest,
} from '../../../supabase/functions/_shared/pageContracts';
