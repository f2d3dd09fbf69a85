// The publish function: a published page is a projection of one portfolio row, and this function is
// the only writer of it (the row's `published` and `slug`, the `sites` bucket). Browser calls carry
// the owner's access token; the request and answer shapes are _shared/contracts/publish.ts. One file per
// action in actions/:
//   publish        renders the saved row into a static page at /p/<slug>, with copies of its files
//   unpublish      takes the page down; its address is free again
//   delete         takes the page down, then deletes the portfolio (My portfolios' Delete)
//   export         the same static site as a zip, for whoever may publish that template
//   export-data    portfolio.json alone (JSON Resume): always the owner's
//   brand-kit      Premium: the monogram logo and share images (SVG)
//   verify-domain  checks a custom domain's DNS proof; proven, the site answers it with the page
//   remove-domain  gives a custom domain up
//   site-password  whether the site has a password (never the password); set-site-password sets,
//                  changes or removes it (Pro, Premium), kept hashed
//   publish-post   brings one post of the site's blog onto the site (blog.ts), only the files that changed
//   stock-changed  the service role's: renders a page again when orders changed what it shows sold out
//   sweep          the service role's: removes what no published row owns, applies lapsed plans
// Who may publish what is the database's rule too (claim_page, may_publish, the guard triggers), and
// the page is rendered here from the stored row, never from HTML a browser sent.
import { corsHeaders } from '../_shared/cors.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { publishFunction } from '../_shared/contracts/publish.ts';
import { answeringErrors, HttpError, readJsonBody } from '../_shared/request.ts';
import { brandKitFor } from './actions/brandKit.ts';
import { deletePortfolio } from './actions/delete.ts';
import { exportData, exportSite } from './actions/exportSite.ts';
import { publish } from './actions/publish.ts';
import { publishPost } from './actions/publishPost.ts';
import { removeDomain } from './actions/removeDomain.ts';
import { setSitePassword, sitePassword } from './actions/sitePassword.ts';
import { stockChanged } from './actions/stockChanged.ts';
import { sweep } from './actions/sweep.ts';
import { unpublish } from './actions/unpublish.ts';
import { verifyDomain } from './actions/verifyDomain.ts';
import { depsFrom, type Deps } from './pages.ts';

const MAX_BODY_BYTES = 4 * 1024;

async function route(deps: Deps, req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') throw new HttpError(405, 'Use POST');
  const request = await readJsonBody(req, MAX_BODY_BYTES, publishFunction.request);
  switch (request.action) {
    case 'publish':
      return publish(deps, req, request.portfolioId, request.slug);
    case 'unpublish':
      return unpublish(deps, req, request.portfolioId);
    case 'delete':
      return deletePortfolio(deps, req, request.portfolioId);
    case 'export':
      return exportSite(deps, req, request.portfolioId);
    case 'export-data':
      return exportData(deps, req, request.portfolioId);
    case 'brand-kit':
      return brandKitFor(deps, req, request.portfolioId);
    case 'verify-domain':
      return verifyDomain(deps, req, request.domain);
    case 'remove-domain':
      return removeDomain(deps, req, request.domain);
    case 'site-password':
      return sitePassword(deps, req, request.portfolioId);
    case 'set-site-password':
      return setSitePassword(deps, req, request.portfolioId, request.password);
    case 'publish-post':
      return publishPost(deps, req, request.portfolioId, request.postId);
    case 'stock-changed':
      return stockChanged(deps, req, request.portfolioId);
    case 'sweep':
      return sweep(deps, req, request.graceSeconds);
  }
}

/** Builds the handler for a given environment; local-cloud injects its own, the edge uses Deno.env. */
export function createHandler(env: Env): (req: Request) => Promise<Response> {
  let deps: Deps | undefined;
  return answeringErrors('publish', 'Publishing service error', (req) => route((deps ??= depsFrom(env)), req));
}

const handler = createHandler(runtimeEnv());
export default handler;
