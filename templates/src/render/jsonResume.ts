// portfolio.json in an export: the portfolio in the JSON Resume shape (https://jsonresume.org/schema),
// for the fields that map. Templates differ in their keys, so the mapping goes by what a field is:
// the details keys (name, email, phone, address), its kind, and the keys templates share
// (about, project<N>title/description/url, <network>link).
import { richTextToPlainText, richTextToSafeHtml } from '@folioforge/shared';
import { domFreeSanitizer } from '@folioforge/shared/dom-free-sanitizer';
import { splitSkills } from '../generator/generatorFields';
import type { TemplateContent, TemplateValues } from '../types';

export interface JsonResume {
  $schema: string;
  basics: {
    name?: string;
    email?: string;
    phone?: string;
    summary?: string;
    url?: string;
    image?: string;
    location?: { address: string };
    profiles: { network: string; url: string }[];
  };
  projects: { name: string; description?: string; url?: string }[];
  work?: { summary: string }[];
  education?: { summary: string }[];
  skills?: { name: string }[];
  meta: { canonical?: string; version: string };
}

const NETWORKS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  github: 'GitHub',
  linkedin: 'LinkedIn',
};

/**
 * The same values the page shows (checked, files swapped for their export paths), as JSON Resume.
 * Text is what the page reads: rich text sanitised first (without a DOM, as on the server), then untagged.
 */
export function toJsonResume(definition: TemplateContent, values: TemplateValues, pageUrl?: string): JsonResume {
  const text = (key: string | undefined) =>
    key ? richTextToPlainText(richTextToSafeHtml(values[key] ?? '', domFreeSanitizer)).trim() : '';
  const firstOfKind = (kind: string) => definition.fields.find((field) => field.kind === kind && text(field.key))?.key;
  const details = definition.detailsKeys ?? {};
  const longTexts = definition.fields.filter(
    (field) => field.kind === 'longText' && !/^project\d/.test(field.key) && !['experience', 'education'].includes(field.key),
  );
  const summaryKey = (longTexts.find((field) => /about/i.test(field.key) && text(field.key)) ?? longTexts.find((field) => text(field.key)))
    ?.key;

  const profiles = definition.fields.flatMap((field) => {
    const network = Object.keys(NETWORKS).find((name) => field.key.toLowerCase().includes(`${name}link`));
    const url = text(field.key);
    return network && url ? [{ network: NETWORKS[network]!, url }] : [];
  });

  const projects = definition.fields.flatMap((field) => {
    const match = /^(.*project\d+)title$/.exec(field.key);
    const name = match ? text(field.key) : '';
    if (!match || !name) return [];
    const description = text(`${match[1]}description`);
    const url = text(`${match[1]}url`);
    return [{ name, ...(description ? { description } : {}), ...(url ? { url } : {}) }];
  });

  // The template's own field only: a stray key in the values is not its text.
  const fieldText = (key: string) => (definition.fields.some((field) => field.key === key) ? text(key) : '');
  const [experience, education, skills] = [fieldText('experience'), fieldText('education'), fieldText('skills')];
  const optional = <K extends string>(key: K, value: string | undefined) => (value ? { [key]: value } : {}) as Partial<Record<K, string>>;
  const address = text(details.address);
  return {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: {
      ...optional('name', text(details.name)),
      ...optional('email', text(details.email ?? firstOfKind('email'))),
      ...optional('phone', text(details.phone ?? firstOfKind('phone'))),
      ...optional('summary', text(summaryKey)),
      ...optional('url', pageUrl),
      ...optional('image', text(firstOfKind('image'))),
      ...(address ? { location: { address } } : {}),
      profiles,
    },
    projects,
    // The generator's free-text sections, kept whole: JSON Resume's finer fields cannot be told apart in prose.
    ...(experience ? { work: [{ summary: experience }] } : {}),
    ...(education ? { education: [{ summary: education }] } : {}),
    ...(skills ? { skills: splitSkills(skills).map((name) => ({ name })) } : {}),
    meta: { ...optional('canonical', pageUrl), version: 'v1.0.0' },
  };
}
