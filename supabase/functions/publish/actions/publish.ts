// {action: 'publish', portfolioId, slug} → {slug, url, badge}
// Renders the caller's saved row into a static page at /p/<slug> (or updates or moves it). Under the
// lease on the row's page: the row is read once, authorised (may_publish now), rendered, and then
// published by claim_page only if it is still that version and template, so the page is exactly the
// row version that was authorised. The address the row held before comes back from the same locked
// step and is taken down; the page's files, pointer and domains follow.
import { answer } from '../../_shared/contracts/functionContract.ts';
import { publishFunction, type PublishedPage } from '../../_shared/contracts/publish.ts';
import { HttpError, requireUser } from '../../_shared/request.ts';
import { pageOwnerPath, PROTECTED_SITES_BUCKET, siteAccessPath, SITES_BUCKET } from '../../_shared/sites.ts';
import { publicPagePath } from '../../_shared/slugs.ts';
import { blogTargetFor, writeBlog } from '../blog.ts';
import { refreshSitemap } from '../pageFiles.ts';
import { storeMadeResume } from '../pageResume.ts';
import {
  checkPublishable,
  copyFiles,
  databaseRefusal,
  featuresFor,
  holdPage,
  mapDomains,
  pointToPage,
  putSiteFile,
  releasePage,
  removePageFiles,
  storedFilesOf,
  storeSite,
  type Deps,
} from '../pages.ts';
import { asksForPassword, needsPassword, protectionFor, withoutProtectedPages, writeAccess } from '../protection.ts';

export async function publish(deps: Deps, req: Request, portfolioId: string, slug: string): Promise<Response> {
  const user = await requireUser(deps.anonClient(), req, 'Sign in to publish');
  const held = await holdPage(deps, portfolioId, user.id);
  try {
    const { row } = held;
    const { data: allowed, error: rightsError } = await deps.admin.rpc('may_publish', { for_user: user.id, template: row.template_id });
    if (rightsError) throw new HttpError(503, 'Your purchases could not be read. Try again.');
    if (allowed !== true) throw new HttpError(403, 'Publishing this template needs a purchase or a plan.');
    const features = await featuresFor(deps, user.id);
    const source = { portfolioId: row.id, templateId: row.template_id, data: row.data, look: row.look };
    // Checked before anything changes: a row the schema refuses is never half published.
    checkPublishable(source);
    // Behind a password (the whole site, or some of its pages): only under a plan that includes it,
    // with a password set (403 or 409 before anything changes).
    const generation = needsPassword(row.data) ? await protectionFor(deps, user.id, row.id) : undefined;
    const wholeSite = asksForPassword(row.data);

    const { data: previous, error } = await deps.admin.rpc('claim_page', {
      portfolio: row.id,
      token: held.token,
      expected_version: row.version,
      expected_template: row.template_id,
      new_slug: slug,
      page_look: features.customizedLook ? row.look : {},
      shows_badge: features.badge,
      shows_look: features.customizedLook,
      shows_form: features.subscribeForm,
    });
    if (error) throw databaseRefusal(error, 'The portfolio could not be published. Try again.');
    // Every address the row held before this one is taken down (the lease kept anyone else from moving it).
    if (typeof previous === 'string' && previous !== slug) {
      await removePageFiles(deps, previous);
      await removePageFiles(deps, previous, new Set(), PROTECTED_SITES_BUCKET);
    }

    // A site behind its password is written to the private bucket, noindex; the public one keeps only its pointers.
    // A page behind it: that page and the files only it shows go to the private bucket, the rest stay public.
    const bucket = wholeSite ? PROTECTED_SITES_BUCKET : SITES_BUCKET;
    const files = storedFilesOf(row.owner_id, row.id, row.template_id, row.data);
    const shownInPublic = new Set(
      wholeSite ? [] : storedFilesOf(row.owner_id, row.id, row.template_id, withoutProtectedPages(row.data)).map((file) => file.ref),
    );
    const publicCopies = await copyFiles(
      deps,
      slug,
      files.filter((file) => shownInPublic.has(file.ref)),
      SITES_BUCKET,
    );
    const privateCopies = await copyFiles(
      deps,
      slug,
      files.filter((file) => !shownInPublic.has(file.ref)),
      PROTECTED_SITES_BUCKET,
    );
    const urls = { ...publicCopies.urls, ...privateCopies.urls };
    const keptPublic = publicCopies.kept;
    const keptPrivate = privateCopies.kept;
    const kept = wholeSite ? keptPrivate : keptPublic;
    // No résumé uploaded: the one made from this version of the row is the page's, re-made at each publish.
    const resume = await storeMadeResume(deps, slug, source, features, bucket);
    if (resume) kept.add(resume.path);
    // The blog is public files only: a site behind its password has none (writeBlog refuses it too). It is
    // written first: the pages' navigation ends with "Blog" when it has live posts.
    const blog = wholeSite ? undefined : await writeBlog(deps, blogTargetFor(row, slug, features), 'all');
    for (const path of blog?.paths ?? []) kept.add(path);
    const site = { bucket, indexable: !wholeSite, resumeUrl: resume?.url, blog: Boolean(blog?.live.length) };
    const stored = await storeSite(deps, source, slug, features, urls, site);
    for (const path of stored.written) kept.add(path);
    for (const path of stored.privateWritten) keptPrivate.add(path);
    if (generation) {
      await writeAccess(deps, slug, generation);
      keptPrivate.add(siteAccessPath(slug));
    }
    await putSiteFile(deps, pageOwnerPath(slug), row.id, 'application/octet-stream');
    keptPublic.add(pageOwnerPath(slug));
    // Files of an earlier version (a replaced picture, or a page before it was or stopped being protected) leave with it.
    await removePageFiles(deps, slug, keptPublic);
    await removePageFiles(deps, slug, keptPrivate, PROTECTED_SITES_BUCKET);
    await pointToPage(deps, row.id, slug);
    await mapDomains(deps, row.id, features);
    await refreshSitemap(deps.admin, deps.siteUrl, SITES_BUCKET);
    const page: PublishedPage = { slug, url: `${deps.siteUrl}${publicPagePath(slug)}`, badge: features.badge };
    return answer(publishFunction, 'publish', page);
  } finally {
    await releasePage(deps, held);
  }
}
