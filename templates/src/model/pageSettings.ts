// A page's own settings, beside what it shows: the title and description search engines and link
// previews read (empty: the page's name and headline), and the language its text is in. Optional on
// the portfolio, so every row saved before them stays valid and reads as "the defaults".
import { withoutControlCharacters } from '@folioforge/shared/typed-text';
import { z } from 'zod';
import { builtOnFirstUse } from './builtOnFirstUse';

export interface PageSettings {
  title?: string;
  description?: string;
  language?: string;
}

export const PAGE_LIMITS = { title: 70, description: 200 } as const;

/** The languages a page can say it is in: BCP 47 tags, each with its name as people read it. */
export const PAGE_LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'en-GB', name: 'English (United Kingdom)' },
  { tag: 'en-IN', name: 'English (India)' },
  { tag: 'hi', name: 'हिन्दी (Hindi)' },
  { tag: 'bn', name: 'বাংলা (Bengali)' },
  { tag: 'ta', name: 'தமிழ் (Tamil)' },
  { tag: 'te', name: 'తెలుగు (Telugu)' },
  { tag: 'mr', name: 'मराठी (Marathi)' },
  { tag: 'gu', name: 'ગુજરાતી (Gujarati)' },
  { tag: 'kn', name: 'ಕನ್ನಡ (Kannada)' },
  { tag: 'ml', name: 'മലയാളം (Malayalam)' },
  { tag: 'ur', name: 'اردو (Urdu)' },
  { tag: 'fr', name: 'Français (French)' },
  { tag: 'de', name: 'Deutsch (German)' },
  { tag: 'es', name: 'Español (Spanish)' },
  { tag: 'pt-BR', name: 'Português do Brasil (Portuguese)' },
  { tag: 'ja', name: '日本語 (Japanese)' },
  { tag: 'zh-Hans', name: '简体中文 (Chinese, Simplified)' },
] as const;

export type PageLanguage = (typeof PAGE_LANGUAGES)[number]['tag'];

/** A page says `en` until its owner chooses. */
export const DEFAULT_PAGE_LANGUAGE: PageLanguage = 'en';

const LANGUAGE_TAGS = PAGE_LANGUAGES.map((language) => language.tag) as unknown as [PageLanguage, ...PageLanguage[]];

export const isPageLanguage = (value: string): value is PageLanguage => (LANGUAGE_TAGS as readonly string[]).includes(value);

/** Marks that turn text around without showing (bidi overrides and isolates), and line separators. */
const INVISIBLE_MARKS = /[\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
/** One line of text for a title or description: typed text's rule, and no invisible marks; runs of space one. */
export const cleanPageText = (value: string) => withoutControlCharacters(value).replace(INVISIBLE_MARKS, ' ').replace(/\s+/g, ' ').trim();

const pageText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .transform(cleanPageText)
    .pipe(z.string().max(max, { error: (issue) => `at most ${max} characters (it has ${String(issue.input ?? '').length})` }));

export const pageSettingsSchema = builtOnFirstUse(() =>
  z.object({
    title: pageText(PAGE_LIMITS.title).optional(),
    description: pageText(PAGE_LIMITS.description).optional(),
    language: z
      .string({ error: 'must be a language' })
      .refine(isPageLanguage, { message: `must be one of the page languages: ${LANGUAGE_TAGS.join(', ')}` })
      .optional(),
  }),
);

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The words of a rich text field (the headline is one), for a title or description: no tags, plain characters. */
const plainText = (html: string) =>
  html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/** What a page is called, described as and written in: its own settings, else its name, its headline, English. */
export function pageMeta(portfolio: { profile: { name: string; headline: string }; page?: PageSettings }): {
  title: string;
  description: string;
  language: string;
} {
  const page = portfolio.page ?? {};
  const title = cleanPageText(page.title ?? '') || cleanPageText(portfolio.profile.name);
  const description = cleanPageText(page.description ?? '') || cleanPageText(plainText(portfolio.profile.headline));
  return {
    title: title.slice(0, PAGE_LIMITS.title),
    description: description.slice(0, PAGE_LIMITS.description),
    language: page.language && isPageLanguage(page.language) ? page.language : DEFAULT_PAGE_LANGUAGE,
  };
}
