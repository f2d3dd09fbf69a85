// A picture or resume in the model is a reference, never a URL that lives in one tab:
//   ''                          none
//   sample:<name>               a picture bundled with the templates (its URL changes with each build)
//   storage:<bucket>/<path>     a file kept in the account (shown through a signed URL, published as a copy)
//   device:<id>                 a file chosen on this device, kept in its browser (IndexedDB) until uploaded
//   https://… or /path          an address on the web (e.g. an imported JSON Resume's image)
// Pages resolve references to addresses through AssetUrls (templates/src/common/assets.tsx).
import { isSafeHref } from '@folioforge/shared/safe-url';
import { isFileKind } from './fields';
import { kindSpec } from './kinds';
import { fieldText, type Portfolio, type Section } from './portfolio';

/** The bundled sample files a `sample:` reference may name (templates/src/assets). */
export const SAMPLE_NAMES = [
  'portraitAarav',
  'portraitMeera',
  'bakeryBanner',
  'bakeryBread',
  'bakeryCake',
  'productMug',
  'resume',
] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

export const sampleRef = (name: SampleName): string => `sample:${name}`;

export const STORAGE_BUCKETS = ['portfolio-images', 'resumes'] as const;

/** True for a value a saved portfolio may hold in a picture or resume field. */
export function isFileValue(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('sample:')) return (SAMPLE_NAMES as readonly string[]).includes(value.slice('sample:'.length));
  if (value.startsWith('storage:')) return STORAGE_BUCKETS.some((bucket) => value.startsWith(`storage:${bucket}/`)) && !/\s/.test(value);
  if (value.startsWith('device:')) return /^device:[^\s]{1,300}$/.test(value);
  if (/^https?:\/\//i.test(value)) return isSafeHref(value);
  return value.startsWith('/') && !value.startsWith('//');
}

export const isStorageRef = (value: string | undefined): value is string => typeof value === 'string' && value.startsWith('storage:');
export const isDeviceRef = (value: string | undefined): value is string => typeof value === 'string' && value.startsWith('device:');

/**
 * Where a file value sits in the portfolio: the profile's photo or resume, or an item's picture (on
 * the home page, or with `pageId` on another page of the site).
 */
export type FileSlot =
  { scope: 'profile'; key: 'photo' | 'resume' } | { scope: 'item'; sectionId: string; itemId: string; key: string; pageId?: string };

/** Every picture and resume field of the portfolio with its value (empty ones included). */
export function fileSlotsOf(portfolio: Portfolio): { slot: FileSlot; value: string; kind: 'image' | 'pdf' }[] {
  const slots: { slot: FileSlot; value: string; kind: 'image' | 'pdf' }[] = [];
  slots.push({ slot: { scope: 'profile', key: 'photo' }, value: portfolio.profile.photo, kind: 'image' });
  slots.push({ slot: { scope: 'profile', key: 'resume' }, value: portfolio.profile.resume, kind: 'pdf' });
  const sectionSlots = (sections: readonly Section[], pageId?: string) => {
    for (const section of sections) {
      for (const field of kindSpec(section.kind).fields) {
        const { kind } = field;
        if (!isFileKind(kind)) continue;
        for (const item of section.items)
          slots.push({
            slot: { scope: 'item', sectionId: section.id, itemId: item.id, key: field.key, ...(pageId ? { pageId } : {}) },
            value: fieldText(item, field.key),
            kind,
          });
      }
    }
  };
  sectionSlots(portfolio.sections);
  for (const page of portfolio.pages ?? []) sectionSlots(page.sections, page.id);
  return slots;
}

/** The file fields of the profile and the home page: what the editor edits (a site's other pages keep theirs as saved). */
export const homeFileSlotsOf = (portfolio: Portfolio) =>
  fileSlotsOf(portfolio).filter(({ slot }) => slot.scope === 'profile' || !slot.pageId);

/** The distinct non-empty file values of a portfolio (every page's). */
export const fileValuesOf = (portfolio: Portfolio): string[] => [
  ...new Set(fileSlotsOf(portfolio).flatMap(({ value }) => (value ? [value] : []))),
];

/** Every place a file value is used, set to another (an upload finished, a copy's files, a file left out). */
export function replaceFileValue(portfolio: Portfolio, from: string, to: string): Portfolio {
  if (from === to || !fileSlotsOf(portfolio).some(({ value }) => value === from)) return portfolio;
  const swap = (value: string) => (value === from ? to : value);
  const swapSections = (sections: Section[]) =>
    sections.map((section) => {
      const keys = kindSpec(section.kind)
        .fields.filter((field) => isFileKind(field.kind))
        .map((field) => field.key);
      if (!keys.length || !section.items.some((item) => keys.some((key) => fieldText(item, key) === from))) return section;
      const items = section.items.map((item) =>
        keys.some((key) => fieldText(item, key) === from)
          ? { ...item, ...Object.fromEntries(keys.map((key) => [key, swap(fieldText(item, key))])) }
          : item,
      );
      return { ...section, items } as Section;
    });
  return {
    ...portfolio,
    profile: { ...portfolio.profile, photo: swap(portfolio.profile.photo), resume: swap(portfolio.profile.resume) },
    sections: swapSections(portfolio.sections),
    ...(portfolio.pages ? { pages: portfolio.pages.map((page) => ({ ...page, sections: swapSections(page.sections) })) } : {}),
  };
}
