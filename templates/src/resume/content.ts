// What a résumé says, read from the portfolio before any layout: the profile's name, headline and
// contact lines, the about text, and the sections a résumé shows (the four it always has, when the page
// shows them, and those the user ticked), each item as a title, a subtitle, dates, paragraphs and a link.
// Kinds without a view of their own here are read generically from kinds.ts, field by field.
import { isSafeHref } from '@folioforge/shared/safe-url';
import { fieldText, kindSpec, type AnyItem, type Portfolio, type Section } from '../model';
import { RESUME_SECTION_KINDS, type ResumeSettings } from '../model/resumeSettings';
import { paragraphText, richTextParagraphs, type Paragraph, type TextSpan } from './richText';

export interface ContactLine {
  text: string;
  href?: string;
}

export interface Entry {
  title: string;
  subtitle: string;
  dates: string;
  paragraphs: Paragraph[];
  link?: ContactLine;
}

export interface ResumeSection {
  id: string;
  kind: Section['kind'];
  title: string;
  /** The section's own text (an intro, or all of a text section). */
  body: Paragraph[];
  entries: Entry[];
}

export interface ResumeContent {
  name: string;
  headline: string;
  contacts: ContactLine[];
  about: Paragraph[];
  sections: ResumeSection[];
  /** The profile's photo (a file value), when it has one. */
  photo: string;
}

const one = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** A link shown as its address without the scheme (what a reader types). */
function linkLine(href: string): ContactLine | undefined {
  const url = href.trim();
  if (!isSafeHref(url)) return undefined;
  const text = url
    .replace(/^mailto:/i, '')
    .replace(/^tel:/i, '')
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
  return { text: one(text), href: url };
}

const paragraphsOf = (value: string): Paragraph[] =>
  richTextParagraphs(value.normalize('NFC')).filter((paragraph) => paragraphText(paragraph).trim());

const dates = (item: AnyItem) => [fieldText(item, 'startDate'), fieldText(item, 'endDate')].map(one).filter(Boolean).join(' – ');

const joined = (...parts: string[]) => parts.map(one).filter(Boolean).join(', ');

function entryOf(section: Section, item: AnyItem): Entry | undefined {
  const url = linkLine(fieldText(item, 'url'));
  const link = url ? { link: url } : {};
  let entry: Entry;
  switch (section.kind) {
    case 'experience':
      entry = {
        title: one(fieldText(item, 'position')) || one(fieldText(item, 'name')),
        subtitle: one(fieldText(item, 'position')) ? one(fieldText(item, 'name')) : '',
        dates: dates(item),
        paragraphs: paragraphsOf(fieldText(item, 'summary')),
        ...link,
      };
      break;
    case 'education':
      entry = {
        title: joined(fieldText(item, 'studyType'), fieldText(item, 'area')) || one(fieldText(item, 'institution')),
        subtitle: joined(fieldText(item, 'studyType'), fieldText(item, 'area')) ? one(fieldText(item, 'institution')) : '',
        dates: dates(item),
        paragraphs: paragraphsOf(fieldText(item, 'summary')),
      };
      break;
    case 'testimonials':
      entry = {
        title: '',
        subtitle: joined(fieldText(item, 'name'), fieldText(item, 'role')),
        dates: '',
        paragraphs: paragraphsOf(fieldText(item, 'reference')),
      };
      break;
    default: {
      // Any other kind: its first short text is the title, other short texts the subtitle, long texts
      // the paragraphs; pictures are left out.
      const fields = kindSpec(section.kind).fields;
      const short = fields.filter((field) => field.kind === 'text').map((field) => one(fieldText(item, field.key)));
      entry = {
        title: short.find(Boolean) ?? '',
        subtitle: short.filter(Boolean).slice(1).join(' · '),
        dates: '',
        paragraphs: fields.filter((field) => field.kind === 'longText').flatMap((field) => paragraphsOf(fieldText(item, field.key))),
        ...link,
      };
    }
  }
  return entry.title || entry.subtitle || entry.paragraphs.length || entry.link ? entry : undefined;
}

/** The sections the résumé shows, in the page's order. */
export function resumeSections(portfolio: Portfolio, settings: Pick<ResumeSettings, 'extraSections'>): Section[] {
  return portfolio.sections.filter((section) =>
    settings.extraSections.includes(section.id) ? true : !section.hidden && RESUME_SECTION_KINDS.includes(section.kind),
  );
}

export function resumeContent(portfolio: Portfolio, settings: Pick<ResumeSettings, 'extraSections'>): ResumeContent {
  const { profile } = portfolio;
  const contacts: ContactLine[] = [];
  const email = one(profile.email);
  if (email) contacts.push({ text: email, href: `mailto:${email}` });
  const phone = one(profile.phone);
  if (phone) contacts.push({ text: phone, href: `tel:${phone.replace(/[^\d+]/g, '')}` });
  const address = one(profile.address);
  if (address) contacts.push({ text: address });
  for (const href of [profile.website, ...portfolio.socials.map((social) => social.url)]) {
    const line = linkLine(href);
    if (line && !contacts.some((contact) => contact.href === line.href)) contacts.push(line);
  }
  const sections = resumeSections(portfolio, settings).flatMap((section): ResumeSection[] => {
    const entries = section.items.flatMap((item) => entryOf(section, item as AnyItem) ?? []);
    const body = paragraphsOf(section.body);
    if (!entries.length && !body.length) return [];
    return [{ id: section.id, kind: section.kind, title: one(section.title) || kindSpec(section.kind).label, body, entries }];
  });
  return {
    name: one(profile.name),
    headline: paragraphsOf(profile.headline).map(paragraphText).join(' '),
    contacts,
    about: paragraphsOf(profile.about),
    sections,
    photo: profile.photo,
  };
}

/** Every text the résumé draws (to choose its fonts before the layout). */
export function contentTexts(content: ResumeContent): string[] {
  const spans = (paragraphs: Paragraph[]) => paragraphs.flatMap((paragraph): TextSpan[] => paragraph.spans);
  return [
    content.name,
    content.headline,
    ...content.contacts.map((contact) => contact.text),
    ...spans(content.about).map((span) => span.text),
    ...content.sections.flatMap((section) => [
      section.title.toUpperCase(),
      section.title,
      ...spans(section.body).map((span) => span.text),
      ...section.entries.flatMap((entry) => [
        entry.title,
        entry.subtitle,
        entry.dates,
        entry.link?.text ?? '',
        ...spans(entry.paragraphs).map((span) => span.text),
        ...entry.paragraphs.map((paragraph) => paragraph.marker ?? ''),
      ]),
    ]),
  ];
}
