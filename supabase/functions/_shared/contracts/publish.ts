// The publish function (supabase/functions/publish), with the owner's token (the sweep with the
// service role's): what each action takes and answers. One file per action in publish/actions/.
import { z } from 'zod';
import { slugSchema } from './pageForms.ts';
import { defineFunction, STREAMED } from './functionContract.ts';
import { SITE_PASSWORD_LIMITS } from '../sitePasswordRules.mjs';

const portfolioId = z.uuid();
const domain = z.string().max(253);

/** The answer to publish: where the page is now, and whether it carries the FolioForge badge. */
const publishedPageAnswer = z.object({ slug: z.string(), url: z.url(), badge: z.boolean() });
export type PublishedPage = z.infer<typeof publishedPageAnswer>;

/** The answer to unpublish: the address the page had, now free (null when it was not published). */
const unpublishedAnswer = z.object({ published: z.literal(false), freedSlug: z.string().nullable() });
export type UnpublishedPage = z.infer<typeof unpublishedAnswer>;

const brandImageSchema = z.object({ name: z.string(), width: z.number(), height: z.number(), svg: z.string() });
const brandKitAnswer = z.object({ logo: z.string(), images: z.array(brandImageSchema) });
export type BrandKit = z.infer<typeof brandKitAnswer>;

/** The answer to publish-post: where the post is now, or why it is not on the site. */
const publishedPostAnswer = z.object({
  /** live: on the site now; scheduled: it will be at publishAt; draft: not public; removed: no such post any more. */
  state: z.enum(['live', 'scheduled', 'draft', 'removed', 'site-unpublished']),
  url: z.url().nullable(),
  /** How many files of the blog changed on the site. */
  filesWritten: z.number(),
});
export type PublishedPost = z.infer<typeof publishedPostAnswer>;

/** What a sweep did. */
const sweepAnswer = z.object({
  pagesRemoved: z.number(),
  filesRemoved: z.number(),
  domainMapsRemoved: z.number(),
  domainMapsWritten: z.number(),
  pagesRenderedAgain: z.number(),
  /** Pages rendered again because orders changed what they show sold out. */
  pagesRenderedForStock: z.number(),
  blogsPublished: z.number(),
  /** Late payments owed back whose refund this sweep made (retryOwedRefunds). */
  lateRefundsMade: z.number(),
});
export type SweepReport = z.infer<typeof sweepAnswer>;

/** A site's password (issue 49): the rule the editor shows beside the field, and the function holds. */
const sitePassword = z
  .string()
  .min(SITE_PASSWORD_LIMITS.min, { error: `Use at least ${SITE_PASSWORD_LIMITS.min} characters` })
  .max(SITE_PASSWORD_LIMITS.max, { error: `Use at most ${SITE_PASSWORD_LIMITS.max} characters` });

/** Where a site's password stands: whether the plan includes it, whether one is set and since when. */
const sitePasswordAnswer = z.object({ allowed: z.boolean(), hasPassword: z.boolean(), setAt: z.string().nullable() });
export type SitePasswordState = z.infer<typeof sitePasswordAnswer>;

export const publishFunction = defineFunction(
  'publish',
  z.discriminatedUnion('action', [
    /** Renders the saved row into a static page at /p/<slug> (or updates it, or moves it). */
    z.object({ action: z.literal('publish'), portfolioId, slug: slugSchema() }),
    /** Takes the page down: its address is free again. */
    z.object({ action: z.literal('unpublish'), portfolioId }),
    /** Takes the page down if it is up, then deletes the portfolio and its files. */
    z.object({ action: z.literal('delete'), portfolioId }),
    /**
     * The static site as a zip: needs what publishing that template needs (a purchase or a plan),
     * 403 otherwise.
     */
    z.object({ action: z.literal('export'), portfolioId }),
    /** The portfolio's own data, portfolio.json (JSON Resume): always its owner's to download. */
    z.object({ action: z.literal('export-data'), portfolioId }),
    /** Premium: the monogram logo and share images (SVG). */
    z.object({ action: z.literal('brand-kit'), portfolioId }),
    /** Checks a custom domain's DNS proof now; once proven, the site answers that host with the page. */
    z.object({ action: z.literal('verify-domain'), domain }),
    /** Gives a custom domain up. */
    z.object({ action: z.literal('remove-domain'), domain }),
    /** Whether the site has a password (never the password), and whether the owner's plan includes one. */
    z.object({ action: z.literal('site-password'), portfolioId }),
    /** Sets or changes the site's password (Pro, Premium), or removes it (null); kept hashed. */
    z.object({ action: z.literal('set-site-password'), portfolioId, password: sitePassword.nullable() }),
    /**
     * Brings one post of a published site's blog onto the site as saved (published, scheduled, back to
     * draft, deleted): its page, the index and tag pages, the feed and the sitemap, only what changed.
     */
    z.object({ action: z.literal('publish-post'), portfolioId, postId: z.uuid() }),
    /** The service role's: renders the page again when orders changed what it shows sold out. */
    z.object({ action: z.literal('stock-changed'), portfolioId }),
    /** The service role's: removes what no published row owns and applies lapsed plans. */
    z.object({ action: z.literal('sweep'), graceSeconds: z.number().int().min(0).max(86_400).optional() }),
  ]),
  {
    publish: publishedPageAnswer,
    unpublish: unpublishedAnswer,
    delete: z.object({ deleted: z.literal(true), freedSlug: z.string().nullable() }),
    export: STREAMED,
    'export-data': STREAMED,
    'brand-kit': brandKitAnswer,
    'verify-domain': z.object({
      domain: z.string(),
      verified: z.boolean(),
      record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
    }),
    'remove-domain': z.object({ domain: z.string(), removed: z.literal(true) }),
    'site-password': sitePasswordAnswer,
    'set-site-password': sitePasswordAnswer,
    'publish-post': publishedPostAnswer,
    'stock-changed': z.object({ renderedAgain: z.boolean() }),
    sweep: sweepAnswer,
  },
);
export type PublishRequest = z.input<typeof publishFunction.request>;
