import type { PageLook } from '@folioforge/templates';
import { usePortfolio } from '../portfolios/queries';
import { usePlanFeatures } from './usePlanFeatures';

const NO_LOOK: PageLook = {};

/**
 * The look the preview shows: the portfolio's chosen accent and font while the owner's plan includes
 * them, as its page gets them at publish; a visitor's draft shows the template's own.
 */
export function usePreviewLook(account: { userId: string; portfolioId: string } | undefined): PageLook {
  const row = usePortfolio(account?.userId, account?.portfolioId).data;
  const features = usePlanFeatures(account?.userId);
  return features.data?.customizedLook === true && row ? row.look : NO_LOOK;
}
