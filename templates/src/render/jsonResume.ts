// portfolio.json in an export: the portfolio in the JSON Resume shape (https://jsonresume.org/schema)
// where it maps (basics, profiles, work, education, skills, projects, references), and the whole
// page as shown (every section, in order, with the kinds JSON Resume has no place for) under
// meta.folioforge, where JSON Resume keeps a tool's own settings. Import reads either back (importJsonResume.ts).
import { richTextToPlainText, richTextToSafeHtml } from '@folioforge/shared';
import { domFreeSanitizer } from '@folioforge/shared/dom-free-sanitizer';
import { fieldText, fileSlotsOf, SECTION_KINDS, visibleSections, type ItemOf, type Portfolio, type SectionKind } from '../model';
import { isPageHref } from '@folioforge/shared/safe-url';

export interface JsonResume {
  $schema: string;
  basics: {
    name?: string;
    label?: string;
    email?: string;
    phone?: string;
    summary?: string;
    url?: string;
    image?: string;
    location?: { address: string };
    profiles: { network: string; url: string }[];
  };
  work?: { name?: string; position?: string; startDate?: string; endDate?: string; summary?: string; url?: string }[];
  education?: { institution?: string; area?: string; studyType?: string; startDate?: string; endDate?: string; summary?: string }[];
  skills?: { name: string; level?: string }[];
  projects?: { name?: string; description?: string; url?: string; image?: string }[];
  references?: { name?: string; reference?: string }[];
  meta: { canonical?: string; version: string; folioforge: Portfolio };
}

/** Text as the page reads it: rich text sanitised first (without a DOM, as on the server), then untagged. */
const plain = (value: string) => richTextToPlainText(richTextToSafeHtml(value, domFreeSanitizer)).trim();

/** Only the keys that say something. */
function defined<T extends Record<string, string | undefined>>(entry: T): Partial<T> {
  // A link to a page of the site (`page:<id>`) means nothing in a résumé read elsewhere: left out.
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value && !isPageHref(value))) as Partial<T>;
}

/** Entries that say something: an item left empty on the page (a blank second project) is no entry. */
const said = <T extends object>(entries: T[]): T[] => entries.filter((entry) => Object.keys(entry).length > 0);

/** The shown items of every section of a kind, in page order. */
function itemsOf<K extends SectionKind>(portfolio: Portfolio, kind: K): ItemOf<K>[] {
  return visibleSections(portfolio).flatMap((section) => (section.kind === kind ? (section.items as ItemOf<K>[]) : []));
}

/**
 * The portfolio as shown on its page (hidden sections left out), files named by their place in the
 * export (`files`: reference → path; a file not there is left out), as JSON Resume.
 */
export function toJsonResume(portfolio: Portfolio, pageUrl?: string, files: Readonly<Record<string, string>> = {}): JsonResume {
  const fileOf = (value: string) => files[value] ?? '';
  // The page's own copy: only what it shows, its files by their place in the export.
  const shown: Portfolio = { ...portfolio, sections: visibleSections(portfolio) };
  const copy = JSON.parse(JSON.stringify(shown)) as Portfolio;
  // Its rich text as the page shows it: sanitised (a row may hold HTML no editor made).
  const safe = (value: string) => (value ? richTextToSafeHtml(value, domFreeSanitizer) : '');
  copy.profile.headline = safe(copy.profile.headline);
  copy.profile.about = safe(copy.profile.about);
  for (const section of copy.sections) {
    section.body = safe(section.body);
    const rich = SECTION_KINDS[section.kind].fields.filter((field) => field.kind === 'longText').map((field) => field.key);
    for (const item of section.items) for (const key of rich) (item as unknown as Record<string, string>)[key] = safe(fieldText(item, key));
  }
  for (const { slot, value } of fileSlotsOf(copy)) {
    if (slot.scope === 'profile') copy.profile[slot.key] = fileOf(value);
    else if (!slot.pageId) {
      const item = copy.sections.find((section) => section.id === slot.sectionId)?.items.find((candidate) => candidate.id === slot.itemId);
      if (item) (item as unknown as Record<string, string>)[slot.key] = fileOf(value);
    }
  }
  const { profile } = portfolio;
  const work = said(
    itemsOf(portfolio, 'experience').map((job) =>
      defined({
        name: job.name,
        position: job.position,
        startDate: job.startDate,
        endDate: job.endDate,
        summary: plain(job.summary),
        url: job.url,
      }),
    ),
  );
  const education = said(
    itemsOf(portfolio, 'education').map((school) =>
      defined({
        institution: school.institution,
        area: school.area,
        studyType: school.studyType,
        startDate: school.startDate,
        endDate: school.endDate,
        summary: plain(school.summary),
      }),
    ),
  );
  const skills = itemsOf(portfolio, 'skills')
    .filter((skill) => skill.name.trim())
    .map((skill) => ({ name: skill.name, ...defined({ level: skill.level }) }));
  const projects = said(
    itemsOf(portfolio, 'projects').map((project) =>
      defined({ name: project.name, description: plain(project.description), url: project.url, image: fileOf(project.image) }),
    ),
  );
  const references = said(
    itemsOf(portfolio, 'testimonials').map((quote) => defined({ name: quote.name, reference: plain(quote.reference) })),
  );
  const address = profile.address.trim();
  return {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: {
      ...defined({
        name: profile.name,
        label: plain(profile.headline),
        email: profile.email,
        phone: profile.phone,
        summary: plain(profile.about),
        url: profile.website || pageUrl,
        image: fileOf(profile.photo),
      }),
      ...(address ? { location: { address } } : {}),
      profiles: portfolio.socials.filter((link) => link.url.trim()).map((link) => ({ network: link.network, url: link.url })),
    },
    ...(work.length ? { work } : {}),
    ...(education.length ? { education } : {}),
    ...(skills.length ? { skills } : {}),
    ...(projects.length ? { projects } : {}),
    ...(references.length ? { references } : {}),
    meta: { ...defined({ canonical: pageUrl }), version: 'v1.0.0', folioforge: copy },
  };
}
