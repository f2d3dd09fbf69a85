// The portfolio model: what every template shows and the generator's page too, what the editor
// edits, what a row's `data` holds and what the publish function renders. Versioned by
// `schemaVersion`; rows saved before it (flat values per template) are upgraded by legacy.ts, in
// SQL by the migration that introduced it (supabase/migrations/*_portfolio_sections.sql).
import type { ItemKey, ProfileKey, SectionKind } from './kinds';
import type { PageSettings } from './pageSettings';
import type { ResumeSettings } from './resumeSettings';

export const SCHEMA_VERSION = 2;

export type Profile = Record<ProfileKey, string>;

/** A link to a profile elsewhere: any network (named as the visitor likes), known ones get their icon. */
export interface SocialLink {
  id: string;
  /** As JSON Resume's basics.profiles[].network, e.g. 'GitHub', 'Mastodon', 'My blog'. */
  network: string;
  url: string;
}

/** One item of a section of kind K: its id and a text per field of the kind. */
export type ItemOf<K extends SectionKind> = { id: string } & { [F in ItemKey<K>]: string };

export interface SectionOf<K extends SectionKind> {
  id: string;
  kind: K;
  title: string;
  /** Kept and edited, but left off the page. */
  hidden: boolean;
  /** The section's own text (an intro; all of a free-text section), rich text. */
  body: string;
  items: ItemOf<K>[];
}

export type Section = { [K in SectionKind]: SectionOf<K> }[SectionKind];

/** An item of any kind, for code that treats every kind alike (read its fields with fieldText). */
export type AnyItem = Section['items'][number];

export interface Portfolio {
  schemaVersion: typeof SCHEMA_VERSION;
  profile: Profile;
  socials: SocialLink[];
  /** In page order. */
  sections: Section[];
  /** The page's title, description and language; missing (rows from before) means the defaults. */
  page?: PageSettings;
  /** How the résumé PDF made from the portfolio looks; missing means the defaults (resumeSettingsOf). */
  resume?: ResumeSettings;
  /** The fields that still hold sample text (sample.ts): missing or empty, none. */
  sample?: string[];
}

/** A field of an item of any kind ('' when the kind has no such field). */
export function fieldText(item: AnyItem, key: string): string {
  const value = (item as unknown as Readonly<Record<string, unknown>>)[key];
  return typeof value === 'string' ? value : '';
}

/** The sections a page shows, in order. */
export const visibleSections = (portfolio: { readonly sections: readonly Section[] }): Section[] =>
  portfolio.sections.filter((section) => !section.hidden);
