// The free domain's rules (supabase/functions/_shared/freeDomain.ts), for /account and the pages that explain it.
export {
  domainCandidates,
  domainNameProblem,
  FREE_DOMAIN_ENDINGS,
  FREE_DOMAIN_MAX_PRICE_USD,
  REGISTRAR_NAME,
  RENEWAL_GRACE_DAYS,
  RENEWAL_OPENS_DAYS_BEFORE,
  renewalClosesAt,
  renewalOpensAt,
} from '../../../supabase/functions/_shared/freeDomain';
