// The publish, contact and subscribe functions' requests and answers, and the rules of typed text:
// the functions' own module (supabase/functions/_shared/pageContracts.ts, text.ts), so the screens
// check and read exactly what the server does.
export {
  brandKitAnswer,
  contactAnswer,
  contactFieldProblems,
  deletedAnswer,
  domainCheckAnswer,
  domainRemovedAnswer,
  emailAddressProblem,
  functionErrorAnswer,
  publishedPageAnswer,
  publishRequest,
  signUpForm,
  SIGN_UP_NOTES,
  typedTextProblem,
  unpublishedAnswer,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  type BrandKit,
  type ContactField,
  type ContactRequest,
  type PublishedPage,
  type PublishRequest,
  type UnpublishedPage,
} from '../../../supabase/functions/_shared/pageContracts';
export { hasControlCharacters, withoutControlCharacters } from '../../../supabase/functions/_shared/text';
