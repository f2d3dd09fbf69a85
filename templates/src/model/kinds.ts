// The parts of a portfolio: the profile's fields and the kinds of section, each with its items'
// fields. JSON Resume's names are used wherever a part maps onto it (basics, work, education,
// skills, projects, references), so the export's portfolio.json reads as a resume.
import type { FieldSpec } from './fields';

export const PROFILE_FIELDS = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'email', label: 'Email', kind: 'email' },
  { key: 'headline', label: 'Headline', kind: 'longText', hint: 'one line about what you do' },
  { key: 'about', label: 'About', kind: 'longText', hint: 'a few sentences about you and your work' },
  { key: 'address', label: 'Address', kind: 'text' },
  { key: 'phone', label: 'Phone', kind: 'phone' },
  { key: 'website', label: 'Website', kind: 'url' },
  { key: 'photo', label: 'Photo', kind: 'image' },
  { key: 'resume', label: 'Resume', kind: 'pdf' },
] as const satisfies readonly FieldSpec[];

export type ProfileKey = (typeof PROFILE_FIELDS)[number]['key'];

export interface SectionKindSpec {
  /** What the kind is called where a visitor adds one, and a new section's title. */
  label: string;
  /** One item, for labels and buttons: 'Project' → 'Project 1 Title', 'Add a project'. */
  itemLabel: string;
  /** What the section's intro text is called in the editor; absent: the kind has none. */
  bodyLabel?: string;
  /** Its items' fields, in the editor's order; empty: the kind has no items (free text). */
  fields: readonly FieldSpec[];
}

export const SECTION_KINDS = {
  projects: {
    label: 'Projects',
    itemLabel: 'Project',
    fields: [
      { key: 'name', label: 'Title', kind: 'text', hint: 'the project’s name' },
      { key: 'description', label: 'Description', kind: 'longText', hint: 'what it does and what you did' },
      { key: 'url', label: 'URL', kind: 'url' },
      { key: 'image', label: 'Picture', kind: 'image' },
    ],
  },
  experience: {
    label: 'Experience',
    itemLabel: 'Job',
    fields: [
      { key: 'name', label: 'Company', kind: 'text', hint: 'where you worked' },
      { key: 'position', label: 'Position', kind: 'text', hint: 'your role' },
      { key: 'startDate', label: 'From', kind: 'text', maxLength: 40 },
      { key: 'endDate', label: 'To', kind: 'text', maxLength: 40 },
      { key: 'summary', label: 'Summary', kind: 'longText', hint: 'what you did there' },
      { key: 'url', label: 'URL', kind: 'url' },
    ],
  },
  education: {
    label: 'Education',
    itemLabel: 'School',
    fields: [
      { key: 'institution', label: 'Institution', kind: 'text', hint: 'your school or university' },
      { key: 'area', label: 'Subject', kind: 'text', hint: 'what you studied' },
      { key: 'studyType', label: 'Degree', kind: 'text' },
      { key: 'startDate', label: 'From', kind: 'text', maxLength: 40 },
      { key: 'endDate', label: 'To', kind: 'text', maxLength: 40 },
      { key: 'summary', label: 'Summary', kind: 'longText' },
    ],
  },
  skills: {
    label: 'Skills',
    itemLabel: 'Skill',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', maxLength: 80, hint: 'a skill' },
      { key: 'level', label: 'Level', kind: 'text', maxLength: 40 },
    ],
  },
  highlights: {
    label: 'Services',
    itemLabel: 'Highlight',
    bodyLabel: 'Description',
    fields: [
      { key: 'title', label: 'Heading', kind: 'text', hint: 'something you offer' },
      { key: 'description', label: 'Content', kind: 'longText', hint: 'why it is worth having' },
      { key: 'image', label: 'Picture', kind: 'image' },
    ],
  },
  products: {
    label: 'Products',
    itemLabel: 'Product',
    fields: [
      { key: 'name', label: 'Title', kind: 'text', hint: 'the product’s name' },
      { key: 'price', label: 'Price', kind: 'text', maxLength: 40 },
      { key: 'description', label: 'Description', kind: 'longText', hint: 'what it is and why it is good' },
      { key: 'image', label: 'Picture', kind: 'image' },
      { key: 'url', label: 'Product URL', kind: 'url' },
    ],
  },
  gallery: {
    label: 'Gallery',
    itemLabel: 'Picture',
    fields: [
      { key: 'image', label: 'Picture', kind: 'image' },
      { key: 'caption', label: 'Caption', kind: 'text' },
    ],
  },
  testimonials: {
    label: 'Testimonials',
    itemLabel: 'Testimonial',
    fields: [
      { key: 'reference', label: 'Quote', kind: 'longText', hint: 'what a client said' },
      { key: 'name', label: 'Name', kind: 'text', hint: 'who said it' },
      { key: 'role', label: 'Role', kind: 'text' },
    ],
  },
  contact: {
    label: 'Contact',
    itemLabel: 'Contact link',
    bodyLabel: 'Intro',
    fields: [
      { key: 'label', label: 'Label', kind: 'text', maxLength: 80 },
      { key: 'url', label: 'Link', kind: 'url' },
    ],
  },
  text: {
    label: 'Text',
    itemLabel: 'Paragraph',
    bodyLabel: 'Text',
    fields: [],
  },
} as const satisfies Record<string, SectionKindSpec>;

export type SectionKind = keyof typeof SECTION_KINDS;

export const SECTION_KIND_NAMES = Object.keys(SECTION_KINDS) as SectionKind[];

export const isSectionKind = (value: unknown): value is SectionKind => typeof value === 'string' && Object.hasOwn(SECTION_KINDS, value);

/** The keys of a kind's item fields. */
export type ItemKey<K extends SectionKind> = (typeof SECTION_KINDS)[K]['fields'][number]['key'];

/** The spec of a kind, widened for code that handles every kind alike (the editor, the checks). */
export const kindSpec = (kind: SectionKind): SectionKindSpec => SECTION_KINDS[kind];
