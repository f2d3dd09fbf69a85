// One validation of a portfolio, shared by the editor (before saving, for its messages), the publish
// function (before rendering) and the renderer. Limits are stated here and said in the messages:
// a section of a kind that does not exist, a section with too many items, a portfolio with too many
// sections or items, text too long: each is refused with what is wrong and where (problemsOf).
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';
import { isSafeHref, isSafeOrPageHref } from '@folioforge/shared/safe-url';
import { withoutControlCharacters } from '@folioforge/shared/typed-text';
import { FIELD_MAX_LENGTH, maxLengthOf, type FieldSpec } from './fields';
import { isFileValue } from './files';
import { ID_PATTERN } from './ids';
import { PROFILE_FIELDS, SECTION_KINDS, SECTION_KIND_NAMES, type SectionKind } from './kinds';
import { pageSettingsSchema } from './pageSettings';
import { PRODUCT_LIMITS, productSaleSchema, shopSettingsSchema } from './products';
import { siteProtectionSchema } from './siteProtection';
import { resumeSettingsSchema } from './resumeSettings';
import { SAMPLE_LIMITS } from './sample';
import { SCHEMA_VERSION, type Portfolio } from './portfolio';
import { buildSiteSchemas, pagePlace, siteProblems, SITE_LIMITS } from './site';

/** The stated limits. */
export const LIMITS = {
  sections: 20,
  itemsPerSection: 100,
  items: 200,
  socials: 20,
  /** A section's title and a social network's name. */
  titleLength: 80,
  /** The whole portfolio as JSON, in characters: what one row may hold. */
  totalLength: 500_000,
  ...PRODUCT_LIMITS,
  /** Pages besides the home page (site.ts). */
  pages: SITE_LIMITS.pages,
} as const;

const PHONE = /^\+?[\d\s().-]{3,32}$/;

const tooLong = (max: number) => (issue: { input?: unknown }) =>
  `at most ${max.toLocaleString('en')} characters (it has ${String(issue.input ?? '').length.toLocaleString('en')})`;

/**
 * A text of at most `max` characters, trimmed; '' when missing. Control characters are dropped first
 * (line breaks kept in long text only): they would reach the page, the share card and the brand kit's
 * SVG, which cannot hold them.
 */
const text = (max: number, { multiline = false }: { multiline?: boolean } = {}) =>
  z
    .string({ error: 'must be text' })
    .overwrite((value) => withoutControlCharacters(value, { multiline }))
    .trim()
    .max(max, { error: tooLong(max) });

function fieldSchema(field: Pick<FieldSpec, 'kind' | 'maxLength'>, { pages = false }: { pages?: boolean } = {}) {
  const base = text(maxLengthOf(field), { multiline: field.kind === 'longText' });
  switch (field.kind) {
    case 'email':
      return base.refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'enter an email address like name@example.com',
      });
    case 'phone':
      return base.refine((value) => value === '' || PHONE.test(value), { message: 'enter a phone number: digits, spaces, + ( ) - only' });
    case 'url':
      // An item's link (a button) may lead to a page of the site; the profile's and social links lead out.
      return base.refine((value) => value === '' || (pages ? isSafeOrPageHref(value) : isSafeHref(value)), {
        message: 'enter a link starting with https://, mailto: or tel:',
      });
    case 'image':
    case 'pdf':
      return base.refine(isFileValue, { message: 'upload the file before saving' });
    default:
      return base;
  }
}

const idSchema = builtOnFirstUse(() =>
  z.string({ error: 'must be an id' }).regex(ID_PATTERN, { message: 'must be an id of letters, digits, - and _' }),
);

const fieldsShape = (fields: readonly FieldSpec[], options?: { pages?: boolean }) =>
  Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field, options).default('')]));

const profileSchema = builtOnFirstUse(() => z.object(fieldsShape(PROFILE_FIELDS)));

const socialSchema = builtOnFirstUse(() =>
  z.object({
    id: idSchema(),
    network: text(LIMITS.titleLength).default(''),
    url: fieldSchema({ kind: 'url' }).default(''),
  }),
);

function buildSectionSchema(kind: SectionKind) {
  const spec = SECTION_KINDS[kind];
  const maxItems = spec.fields.length === 0 ? 0 : LIMITS.itemsPerSection;
  return z.object({
    id: idSchema(),
    kind: z.literal(kind),
    title: text(LIMITS.titleLength).default(''),
    hidden: z.boolean({ error: 'must be true or false' }).default(false),
    body: text(FIELD_MAX_LENGTH.longText, { multiline: true }).default(''),
    items: z
      .array(
        z.object({
          id: idSchema(),
          ...fieldsShape(spec.fields, { pages: true }),
          ...(kind === 'products' ? { sale: productSaleSchema().optional() } : {}),
        }),
      )
      .max(maxItems, {
        error: (issue) =>
          maxItems === 0
            ? `a ${spec.label.toLowerCase()} section has no items`
            : `a section holds at most ${maxItems} items (this one has ${Array.isArray(issue.input) ? issue.input.length : '?'})`,
      })
      .default([]),
  });
}

const sectionSchemas = SECTION_KIND_NAMES.map((kind) => builtOnFirstUse(() => buildSectionSchema(kind)));

const anySectionSchema = () =>
  z.discriminatedUnion(
    'kind',
    sectionSchemas.map((build) => build()) as unknown as [
      ReturnType<typeof buildSectionSchema>,
      ...ReturnType<typeof buildSectionSchema>[],
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `there is no kind of section called ${JSON.stringify((issue.input as { kind?: unknown } | undefined)?.kind ?? null)}; the kinds are ${SECTION_KIND_NAMES.join(', ')}`
          : undefined,
    },
  );

const sectionsOf = (holder: string) =>
  z
    .array(anySectionSchema())
    .max(LIMITS.sections, {
      error: (issue) =>
        `${holder} holds at most ${LIMITS.sections} sections (this one has ${Array.isArray(issue.input) ? issue.input.length : '?'})`,
    })
    .default([]);

const sectionsSchema = builtOnFirstUse(() => sectionsOf('a portfolio'));

const siteSchemas = builtOnFirstUse(() => buildSiteSchemas(sectionsOf('a page'), pageSettingsSchema()));

const duplicateIds = (ids: readonly string[]) => ids.filter((id, index) => ids.indexOf(id) !== index);

const portfolioSchema = builtOnFirstUse(() =>
  z
    .object({
      schemaVersion: z.literal(SCHEMA_VERSION, { error: `must be ${SCHEMA_VERSION}` }),
      profile: profileSchema().default(() => profileSchema().parse({})),
      socials: z
        .array(socialSchema())
        .max(LIMITS.socials, { error: `at most ${LIMITS.socials} social links` })
        .default([]),
      sections: sectionsSchema(),
      page: pageSettingsSchema().optional(),
      shop: shopSettingsSchema().optional(),
      site: siteProtectionSchema().optional(),
      resume: resumeSettingsSchema().optional(),
      pages: siteSchemas().pages.optional(),
      redirects: siteSchemas().redirects.optional(),
      sample: z
        .array(z.string({ error: 'must be a field' }).max(SAMPLE_LIMITS.pathLength))
        .max(SAMPLE_LIMITS.paths, { error: `at most ${SAMPLE_LIMITS.paths} sample marks` })
        .optional(),
    })
    .superRefine((portfolio, context) => {
      // Every page holds what the home page may hold: the same checks, at its own path.
      const pages: [(string | number)[], { sections: typeof portfolio.sections }][] = [
        [[], portfolio],
        ...(portfolio.pages ?? []).map((page, index): [(string | number)[], { sections: typeof portfolio.sections }] => [
          ['pages', index],
          page,
        ]),
      ];
      for (const [at, page] of pages) {
        const items = page.sections.reduce((sum, section) => sum + section.items.length, 0);
        if (items > LIMITS.items)
          context.addIssue({
            code: 'custom',
            path: [...at, 'sections'],
            message: `${at.length ? 'a page' : 'a portfolio'} holds at most ${LIMITS.items} items in all (this one has ${items})`,
          });
        for (const id of duplicateIds(page.sections.map((section) => section.id)))
          context.addIssue({ code: 'custom', path: [...at, 'sections'], message: `two sections have the id ${id}` });
        page.sections.forEach((section, index) => {
          for (const id of duplicateIds(section.items.map((item) => item.id)))
            context.addIssue({ code: 'custom', path: [...at, 'sections', index, 'items'], message: `two items have the id ${id}` });
        });
      }
      for (const [path, message] of siteProblems(portfolio)) context.addIssue({ code: 'custom', path, message });
      for (const id of duplicateIds(portfolio.socials.map((social) => social.id)))
        context.addIssue({ code: 'custom', path: ['socials'], message: `two social links have the id ${id}` });
      const length = JSON.stringify(portfolio).length;
      if (length > LIMITS.totalLength)
        context.addIssue({
          code: 'custom',
          path: [],
          message: `a portfolio holds at most ${LIMITS.totalLength.toLocaleString('en')} characters in all (this one has ${length.toLocaleString('en')})`,
        });
    }),
);

export type ParsedPortfolio = z.output<ReturnType<typeof portfolioSchema>>;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Builds what checkPortfolio needs a piece per task (a section kind's schema at a time), so a page
 * that checks soon after it starts never stalls on building them all at once.
 */
export async function preparePortfolioCheck(): Promise<void> {
  for (const build of [
    idSchema,
    profileSchema,
    socialSchema,
    pageSettingsSchema,
    siteProtectionSchema,
    ...sectionSchemas,
    sectionsSchema,
    siteSchemas,
  ]) {
    build();
    await nextTask();
  }
  portfolioSchema();
}

/** Where an issue is, in the words of the editor: "Projects › Project 3 › Title". */
function placeOf(path: readonly PropertyKey[], input: unknown): string {
  const at = (value: unknown, key: PropertyKey): unknown =>
    typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const [top, index, part, itemIndex, key] = path;
  if (top === 'pages' && typeof index === 'number') {
    const page = pagePlace(input, index);
    const rest = path.slice(2);
    if ((rest[0] === 'sections' && rest.length > 1) || rest[0] === 'page')
      return `${page} › ${placeOf(rest, at(at(input, 'pages'), index))}`;
    if (rest[0] === 'slug') return `${page} › Address`;
    if (rest[0] === 'title') return `${page} › Name`;
    if (rest[0] === 'id') return `${page} › Id`;
    return page;
  }
  if (top === 'pages') return 'Pages';
  if (top === 'redirects') return 'Old page addresses';
  if (top === 'profile') return PROFILE_FIELDS.find((field) => field.key === index)?.label ?? 'Profile';
  if (top === 'page')
    return index === 'title'
      ? 'Page title'
      : index === 'description'
        ? 'Page description'
        : index === 'language'
          ? 'Page language'
          : 'Page settings';
  if (top === 'site') return 'Password protection';
  if (top === 'sample') return 'Sample marks';
  if (top === 'shop') return 'Shop settings';
  if (top === 'resume') return 'Résumé settings';
  if (top === 'socials') return typeof index === 'number' ? `Social link ${index + 1}` : 'Social links';
  if (top !== 'sections' || typeof index !== 'number') return 'Portfolio';
  const section = at(at(input, 'sections'), index);
  const kind = at(section, 'kind');
  const spec = typeof kind === 'string' && Object.hasOwn(SECTION_KINDS, kind) ? SECTION_KINDS[kind as SectionKind] : undefined;
  const title = at(section, 'title');
  const name = typeof title === 'string' && title.trim() ? title.trim() : (spec?.label ?? `Section ${index + 1}`);
  if (part === 'items' && typeof itemIndex === 'number') {
    const item = `${spec?.itemLabel ?? 'Item'} ${itemIndex + 1}`;
    const field = spec?.fields.find((candidate) => candidate.key === key);
    return [name, item, key === 'sale' ? 'Price and stock' : field?.label].filter(Boolean).join(' › ');
  }
  if (part === 'title') return `${name} › Title`;
  if (part === 'body') return `${name} › ${spec && 'bodyLabel' in spec ? spec.bodyLabel : 'Text'}`;
  return name;
}

/** What is wrong, one sentence per problem, e.g. "Projects › Project 3 › Title: at most 200 characters (it has 250)". */
export function problemsOf(error: z.ZodError, input: unknown): string[] {
  return error.issues.map((issue) => `${placeOf(issue.path, input)}: ${issue.message}`);
}

export type PortfolioCheck = { ok: true; portfolio: Portfolio } | { ok: false; problems: string[] };

/** Checks a portfolio (already in the model's shape: upgrade older ones first, legacy.ts). */
export function checkPortfolio(input: unknown): PortfolioCheck {
  const parsed = portfolioSchema().safeParse(input);
  return parsed.success ? { ok: true, portfolio: parsed.data as Portfolio } : { ok: false, problems: problemsOf(parsed.error, input) };
}
