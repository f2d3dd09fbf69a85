// A published page's address: the publish function's rule (supabase/functions/_shared/slugs.ts), so
// the editor says what the server would refuse before it is asked.
export { publicPagePath, slugFromTitle, slugProblem } from '../../../supabase/functions/_shared/slugs';
