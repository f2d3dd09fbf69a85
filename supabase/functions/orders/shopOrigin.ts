import { SHOP_HOST_HEADER } from './domainPaths.mjs';
import type { OrderStore } from './store.ts';

/**
 * The origin of the custom domain the site's edge received this request on (its Host, passed in
 * SHOP_HOST_HEADER), when that is a proven custom domain of `portfolio`; undefined otherwise. Anyone
 * can send the header, so it only ever picks among the page's own proven domains.
 */
export async function provenShopOrigin(
  req: Request,
  siteUrl: string,
  portfolio: string,
  store: Pick<OrderStore, 'customDomainOrigin'>,
): Promise<string | undefined> {
  const host = (req.headers.get(SHOP_HOST_HEADER) ?? '').trim().toLowerCase();
  if (!host || !/^[a-z0-9.-]+(:[0-9]{1,5})?$/.test(host)) return undefined;
  const proven = await store.customDomainOrigin(portfolio, `${new URL(siteUrl).protocol}//${host}`);
  return proven?.replace(/\/+$/, '');
}
