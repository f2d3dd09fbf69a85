// A portfolio as the editor opens it: whatever a row or a draft holds, in the model's shape, every
// value kept even where the schema would refuse it (the visitor sees the message and fixes it, rather
// than losing it). Only what cannot be shown is dropped: a section of a kind that does not exist,
// parts that are not objects.
import { newId, ID_PATTERN } from './ids';
import { PROFILE_FIELDS, SECTION_KINDS, isSectionKind } from './kinds';
import { toModelData } from './legacy';
import type { PageSettings } from './pageSettings';
import { SCHEMA_VERSION, type AnyItem, type Portfolio, type Profile, type Section, type SocialLink } from './portfolio';
import { coerceResumeSettings } from './resumeSettings';
import { upgradedSampleMarks } from './sample';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const records = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);

const PAGE_KEYS: readonly (keyof PageSettings)[] = ['title', 'description', 'language'];

/** A usable id: the one given when it is well formed and not taken yet, else a new one. */
function idFrom(value: unknown, taken: Set<string>): string {
  const id = typeof value === 'string' && ID_PATTERN.test(value) && !taken.has(value) ? value : newId();
  taken.add(id);
  return id;
}

/** `data` of a row or draft saved for `templateId`, upgraded if from before the model, in the model's shape. */
export function coercePortfolio(templateId: string, data: unknown): Portfolio {
  const input = toModelData(templateId, isRecord(data) ? data : {});
  const source = isRecord(input) ? input : {};
  const profileIn = isRecord(source.profile) ? source.profile : {};
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field.key, str(profileIn[field.key])])) as Profile;
  const socialIds = new Set<string>();
  const socials: SocialLink[] = records(source.socials).map((link) => ({
    id: idFrom(link.id, socialIds),
    network: str(link.network),
    url: str(link.url),
  }));
  const sectionIds = new Set<string>();
  const sections: Section[] = records(source.sections).flatMap((section) => {
    if (!isSectionKind(section.kind)) return [];
    const spec = SECTION_KINDS[section.kind];
    const itemIds = new Set<string>();
    const items = spec.fields.length
      ? records(section.items).map(
          (item) =>
            Object.fromEntries([
              ['id', idFrom(item.id, itemIds)],
              ...spec.fields.map((field) => [field.key, str(item[field.key])]),
            ]) as AnyItem,
        )
      : [];
    return [
      {
        id: idFrom(section.id, sectionIds),
        kind: section.kind,
        title: str(section.title),
        hidden: section.hidden === true,
        body: str(section.body),
        items,
      } as Section,
    ];
  });
  const pageIn = isRecord(source.page) ? source.page : undefined;
  const page = pageIn
    ? Object.fromEntries(PAGE_KEYS.filter((key) => typeof pageIn[key] === 'string').map((key) => [key, pageIn[key] as string]))
    : undefined;
  const resume = coerceResumeSettings(source.resume);
  const portfolio: Portfolio = {
    schemaVersion: SCHEMA_VERSION,
    profile,
    socials,
    sections,
    ...(page && Object.keys(page).length ? { page } : {}),
    ...(resume ? { resume } : {}),
  };
  // Saved before sample marks: its prompts are marked now, so Publish still asks about them.
  const sample = Array.isArray(source.sample)
    ? source.sample.filter((path): path is string => typeof path === 'string')
    : upgradedSampleMarks(portfolio);
  return sample.length ? { ...portfolio, sample } : portfolio;
}
