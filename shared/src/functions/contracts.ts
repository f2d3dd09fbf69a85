// The edge functions' contracts (supabase/functions/_shared/contracts/): one set of schemas for what
// the browser sends and what each function answers, read by invokeFunction.
export { accountFunction, type DeletionField } from '../../../supabase/functions/_shared/contracts/account';
export { domainsFunction, type DomainOffer, type RegisteredDomain } from '../../../supabase/functions/_shared/contracts/domains';
export { contactFunction } from '../../../supabase/functions/_shared/contracts/contact';
export { paymentsFunction } from '../../../supabase/functions/_shared/contracts/payments';
export {
  SELLING_CARD_ID,
  SELLING_RESULT_PARAM,
  SELLING_RESULTS,
  type SellingResult,
  sellersFunction,
} from '../../../supabase/functions/_shared/contracts/sellers';
export { refundLinesSchema, shopFunction } from '../../../supabase/functions/_shared/contracts/shop';
export {
  type BrandKit,
  type PublishedPage,
  type SitePasswordState,
  publishFunction,
} from '../../../supabase/functions/_shared/contracts/publish';
export type { AnswerOf, FunctionContract, RequestOf } from '../../../supabase/functions/_shared/contracts/functionContract';
