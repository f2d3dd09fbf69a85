// The free domain's rules and the domains function's answers (supabase/functions/_shared/freeDomain.ts).
export {
  domainCandidates,
  domainNameProblem,
  type DomainOffer,
  type DomainRegisteredAnswer,
  type DomainSearchAnswer,
  type DomainsRequest,
  FREE_DOMAIN_ENDINGS,
  FREE_DOMAIN_MAX_PRICE_USD,
  type RegisteredDomain,
  REGISTRAR_NAME,
  RENEWAL_GRACE_DAYS,
  RENEWAL_OPENS_DAYS_BEFORE,
  renewalClosesAt,
  renewalOpensAt,
} from '../../../supabase/functions/_shared/freeDomain';
