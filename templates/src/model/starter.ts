// How a portfolio starts: from a template's sample, with fresh ids; for a new portfolio in an
// account, from the account's name and email with the sample's text replaced by clearly marked
// prompts ("Replace with …"), so nothing of a stranger is published by mistake; and with the values
// typed into the collection's details popup laid over.
import { isFileKind, type FieldSpec } from './fields';
import { newId } from './ids';
import { PROFILE_FIELDS, SECTION_KINDS } from './kinds';
import { fieldText, type AnyItem, type Portfolio, type Profile, type Section, type SocialLink } from './portfolio';
import { markedAsSample, REPLACE_PREFIX, renamedSampleMarks, withoutSampleMark } from './sample';

/** Sections with new ids for each and its items (a copy that shares none); `renamed` learns old → new. */
export function sectionsWithNewIds(sections: readonly Section[], renamed = new Map<string, string>()): Section[] {
  const fresh = (id: string) => {
    const next = newId();
    renamed.set(id, next);
    return next;
  };
  return sections.map((section) => ({
    ...section,
    id: fresh(section.id),
    items: section.items.map((item) => ({ ...item, id: fresh(item.id) })),
  })) as Section[];
}

/**
 * The same content with new ids for every section, item and link, on every page (a copy that shares
 * none). The pages keep theirs: links (`page:<id>`) and redirects name them, and they are the site's own.
 */
export function withNewIds(portfolio: Portfolio): Portfolio {
  const renamed = new Map<string, string>();
  const copy: Portfolio = {
    ...portfolio,
    profile: { ...portfolio.profile },
    socials: portfolio.socials.map((link) => {
      const id = newId();
      renamed.set(link.id, id);
      return { ...link, id };
    }),
    sections: sectionsWithNewIds(portfolio.sections, renamed),
    ...(portfolio.pages
      ? { pages: portfolio.pages.map((page) => ({ ...page, sections: sectionsWithNewIds(page.sections, renamed) })) }
      : {}),
  };
  return portfolio.sample ? { ...copy, sample: renamedSampleMarks(portfolio.sample, renamed) } : copy;
}

const prompt = (field: Pick<FieldSpec, 'hint'>) => (field.hint ? `${REPLACE_PREFIX}${field.hint}` : '');

/** A value of the sample as a prompt: text says what to write, links and the owner's details start empty, pictures stay. */
function starterValue(field: FieldSpec, sample: string): string {
  if (sample === '') return '';
  if (isFileKind(field.kind)) return sample;
  return prompt(field);
}

export interface Account {
  name: string;
  email: string;
}

/**
 * A new portfolio in an account: the sample's sections and items with prompts in place of its text,
 * the account's name and email, no stranger's photo, links or resume.
 */
export function starterPortfolio(sample: Portfolio, account: Account): Portfolio {
  const profile = Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field.key, field.kind === 'longText' ? starterValue(field, sample.profile[field.key]) : '']),
  ) as Profile;
  profile.name = account.name.trim();
  profile.email = account.email.trim();
  const sections = sample.sections.map((section) => {
    const spec = SECTION_KINDS[section.kind];
    const items = section.items.map(
      (item) =>
        Object.fromEntries([
          ['id', item.id],
          ...spec.fields.map((field) => [field.key, starterValue(field, fieldText(item, field.key))]),
        ]) as AnyItem,
    );
    const body = section.body ? `${REPLACE_PREFIX}a few words for this section` : '';
    return { ...section, body, items } as Section;
  });
  const socials: SocialLink[] = sample.socials.map((link) => ({ ...link, url: '' }));
  // The prompts and the sample's own titles are sample text; the account's name and email are not.
  const marked = markedAsSample({ ...sample, profile, socials, sections });
  return withNewIds(withoutSampleMark(withoutSampleMark(marked, 'profile.name'), 'profile.email'));
}

/** The collection's details popup (its fields: @folioforge/shared's DETAILS_FIELDS). */
type DetailsKey = 'name' | 'address' | 'github' | 'linkedin' | 'phone' | 'email';

/** The popup's values over a portfolio: blank ones keep what is there; links go to their network's entry. */
export function applyDetails(portfolio: Portfolio, details: Partial<Record<DetailsKey, string>>): Portfolio {
  const typed = (key: DetailsKey) => details[key]?.trim() ?? '';
  const profile = { ...portfolio.profile };
  let marked: Portfolio = portfolio;
  for (const key of ['name', 'address', 'phone', 'email'] as const)
    if (typed(key)) {
      profile[key] = typed(key);
      marked = withoutSampleMark(marked, `profile.${key}`);
    }
  let socials = portfolio.socials;
  for (const [key, network] of [
    ['github', 'GitHub'],
    ['linkedin', 'LinkedIn'],
  ] as const) {
    const url = typed(key);
    if (!url) continue;
    const existing = socials.find((link) => link.network.toLowerCase() === network.toLowerCase());
    socials = existing ? socials.map((link) => (link === existing ? { ...link, url } : link)) : [...socials, { id: newId(), network, url }];
    if (existing) marked = withoutSampleMark(marked, `social.${existing.id}.url`);
  }
  return { ...marked, profile, socials };
}
