// A page's contact form: field names, limits and notes as the page-message function reads them
// (supabase/functions/_shared/pageMessages.ts), for the form the templates render.
export {
  PAGE_MESSAGE_FIELDS,
  PAGE_MESSAGE_LIMITS,
  PAGE_MESSAGE_NOTES,
  type PageMessageAnswer,
} from '../../../supabase/functions/_shared/pageMessages';
export type { PageMessageBody } from '../../../supabase/functions/_shared/contracts/pageForms';
