// The one place for the orders function's paths on a page's custom domain (issue 48): the site's edge
// (tooling/publishedSites.mjs, and the rule in docs/DEPLOY.md) passes exactly these to the function,
// with the Host the buyer asked for in SHOP_HOST_HEADER; the function trusts that host only when it is
// a proven custom domain of the very page (or order) the request is about.

/** The order form's POST, the same path as on the functions' host. */
export const DOMAIN_ORDERS_PATH = '/functions/v1/orders';

/** The most the orders function reads of a request, and so the most the edge passes on (its forms are small). */
export const ORDERS_MAX_BODY_BYTES = 16 * 1024;

/** The header the edge sets to the original Host of a request it passes to the function. */
export const SHOP_HOST_HEADER = 'x-folioforge-shop-host';

/**
 * Whether the edge passes `pathname` to the orders function: the form's POST, Razorpay's return
 * (`/callback`) and the buyer's status page (`/status/<token>`), nothing else.
 * @param {string} pathname
 */
export function isDomainOrdersPath(pathname) {
  return (
    pathname === DOMAIN_ORDERS_PATH ||
    pathname === `${DOMAIN_ORDERS_PATH}/callback` ||
    /^\/functions\/v1\/orders\/status\/[A-Za-z0-9-]{1,100}$/.test(pathname)
  );
}
