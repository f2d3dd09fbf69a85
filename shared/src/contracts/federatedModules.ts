// The props of the federated modules one remote renders for another, declared once: the remote that
// exposes a module implements these, the one that loads it relies on them.
import type { PurchaseItem } from '../../../supabase/functions/_shared/prices';

/** mfe_commerce's `./CheckoutButton` (its default export), rendered by the editor. */
export interface CheckoutButtonProps {
  /** What is bought; the server prices it from its own list, the browser never sends an amount. */
  item: PurchaseItem;
  /** Visible button text, e.g. 'Get Temp 1' or 'Choose Pro'. */
  label: string;
}
