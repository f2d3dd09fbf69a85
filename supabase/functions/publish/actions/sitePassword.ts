// {action: 'site-password', portfolioId}               → {allowed, hasPassword, setAt}
// {action: 'set-site-password', portfolioId, password} → the same, after the change
// The site's password (issue 49): set, changed or removed (null) by the owner, kept only as a salted
// PBKDF2 hash (_shared/sitePasswordHash.mjs) in public.site_passwords, which no user reads. Setting
// one needs Pro or Premium; removing one is always allowed, but not while the page is published
// behind it (it would then open to no one). A new password on a page published behind one takes
// effect at once: its generation changes, so visitors let in on the old one are asked again.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction, type SitePasswordState } from '../../_shared/contracts/publish.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { hashSitePassword, newSiteSalt, SITE_PASSWORD_ITERATIONS } from '../../_shared/sitePasswordHash.mjs';
import { ownPortfolio, type Deps } from '../pages.ts';
import { planProtects, storedPassword, writeAccess } from '../protection.ts';

/** Whether the row's published page is behind its password now (the snapshot of what was published). */
async function publishedProtected(deps: Deps, portfolioId: string): Promise<string | undefined> {
  const { data, error } = await deps.admin.rpc('protected_site_at_portfolio', { portfolio: portfolioId });
  if (error) throw new HttpError(503, 'Your page could not be read. Try again.');
  return typeof data === 'string' && data ? data : undefined;
}

async function stateOf(deps: Deps, userId: string, portfolioId: string): Promise<SitePasswordState> {
  const [allowed, stored] = await Promise.all([planProtects(deps, userId), storedPassword(deps, portfolioId)]);
  return { allowed, hasPassword: Boolean(stored), setAt: stored?.updated_at ?? null };
}

export async function sitePassword(deps: Deps, req: Request, portfolioId: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to see your page’s password');
  await ownPortfolio(deps, user.token, user.id, portfolioId);
  return answer(publishFunction, 'site-password', await stateOf(deps, user.id, portfolioId));
}

export async function setSitePassword(deps: Deps, req: Request, portfolioId: string, password: string | null): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to set your page’s password');
  const row = await ownPortfolio(deps, user.token, user.id, portfolioId);
  const protectedSlug = await publishedProtected(deps, row.id);
  if (password === null) {
    if (protectedSlug)
      throw new HttpError(
        409,
        'Your page is published behind this password. Open it to everyone and publish first, then remove the password.',
      );
    const { error } = await deps.admin.from('site_passwords').delete().eq('portfolio_id', row.id);
    if (error) throw new HttpError(503, 'The password could not be removed. Try again.');
    return answer(publishFunction, 'set-site-password', await stateOf(deps, user.id, row.id));
  }
  if (!(await planProtects(deps, user.id))) throw new HttpError(403, 'Pages behind a password come with the Pro and Premium plans.');
  const salt = newSiteSalt();
  const generation = crypto.randomUUID();
  const { error } = await deps.admin.from('site_passwords').upsert({
    portfolio_id: row.id,
    owner_id: user.id,
    hash: await hashSitePassword(password, salt, SITE_PASSWORD_ITERATIONS),
    salt,
    iterations: SITE_PASSWORD_ITERATIONS,
    generation,
    updated_at: new Date().toISOString(),
  });
  if (error) throw new HttpError(503, 'The password could not be saved. Try again.');
  if (protectedSlug) await writeAccess(deps, protectedSlug, generation);
  return answer(publishFunction, 'set-site-password', await stateOf(deps, user.id, row.id));
}
