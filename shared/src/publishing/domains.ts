// The DNS record that proves a custom domain, as the publish function checks it.
export { domainProofRecord } from '../../../supabase/functions/_shared/domains';
