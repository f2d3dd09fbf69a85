// Test helpers: a portfolio with every part filled, and which of a portfolio's values a rendered page
// fails to show.
import { richTextToPlainText } from '@folioforge/shared';
import {
  PROFILE_FIELDS,
  SCHEMA_VERSION,
  SECTION_KINDS,
  SECTION_KIND_NAMES,
  fieldText,
  isFileKind,
  visibleSections,
  type AnyItem,
  type FieldKind,
  type Portfolio,
  type Section,
} from '../model';

function valueFor(kind: FieldKind, name: string): string {
  const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  switch (kind) {
    case 'url':
      return `https://example.com/${slug}`;
    case 'email':
      return `${slug}@example.com`;
    case 'phone':
      return '+91 90000 12345';
    case 'image':
      return `https://files.example.com/${slug}.png`;
    case 'pdf':
      return `https://files.example.com/${slug}.pdf`;
    default:
      return `${name} text`;
  }
}

/** One section of every kind, two items each, every field filled with a value of its own (files as https addresses). */
export function everyKindPortfolio(): Portfolio {
  const profile = Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field.key, valueFor(field.kind, `profile ${field.key}`)]),
  ) as Portfolio['profile'];
  const sections = SECTION_KIND_NAMES.map((kind) => {
    const spec = SECTION_KINDS[kind];
    const items = spec.fields.length
      ? [1, 2].map(
          (n) =>
            Object.fromEntries([
              ['id', `${kind}-${n}`],
              ...spec.fields.map((field) => [field.key, valueFor(field.kind, `${kind} ${n} ${field.key}`)]),
            ]) as AnyItem,
        )
      : [];
    return { id: kind, kind, title: `${spec.label} section`, hidden: false, body: `${kind} body`, items } as Section;
  });
  return {
    schemaVersion: SCHEMA_VERSION,
    profile,
    socials: [
      { id: 'github', network: 'GitHub', url: 'https://github.com/every-kind' },
      { id: 'blog', network: 'My blog', url: 'https://blog.example.com/' },
    ],
    sections,
  };
}

/** The values a page of `portfolio` must show: every shown text, link and file, and where it is. */
function expectedValues(portfolio: Portfolio): { where: string; kind: FieldKind; value: string }[] {
  const values: { where: string; kind: FieldKind; value: string }[] = [];
  for (const field of PROFILE_FIELDS) values.push({ where: `profile.${field.key}`, kind: field.kind, value: portfolio.profile[field.key] });
  for (const link of portfolio.socials) values.push({ where: `socials.${link.id}`, kind: 'url', value: link.url });
  for (const section of visibleSections(portfolio)) {
    values.push({ where: `${section.id}.title`, kind: 'text', value: section.title });
    values.push({ where: `${section.id}.body`, kind: 'longText', value: section.body });
    for (const item of section.items)
      for (const field of SECTION_KINDS[section.kind].fields)
        values.push({ where: `${section.id}.${item.id}.${field.key}`, kind: field.kind, value: fieldText(item, field.key) });
  }
  return values.filter(({ value }) => value.trim() !== '');
}

/**
 * Where a value of the portfolio is not on the page (text, a link's href, an image's src). Links may
 * show as text (the spec's template 3 shows project addresses as text); a resume as a link.
 */
export function missingValues(container: HTMLElement, portfolio: Portfolio): string[] {
  const text = (container.textContent ?? '').replace(/\s+/g, ' ');
  const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
  const srcs = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
  return expectedValues(portfolio)
    .filter(({ kind, value }) => {
      if (kind === 'image') return !srcs.includes(value);
      if (kind === 'pdf') return !hrefs.includes(value);
      if (kind === 'url') return !hrefs.includes(value) && !text.includes(value);
      if (kind === 'email') return !hrefs.includes(`mailto:${value}`) && !text.includes(value);
      if (kind === 'longText') return !text.includes(richTextToPlainText(value).replace(/\s+/g, ' ').trim());
      return !text.includes(value);
    })
    .map(({ where }) => where);
}

/** The portfolio with each picture and resume at an https address of its own (jest stubs every bundled file alike). */
export function withWebFiles(portfolio: Portfolio): Portfolio {
  const copy = JSON.parse(JSON.stringify(portfolio)) as Portfolio;
  if (copy.profile.photo) copy.profile.photo = 'https://files.example.com/photo.png';
  if (copy.profile.resume) copy.profile.resume = 'https://files.example.com/resume.pdf';
  for (const section of copy.sections)
    for (const item of section.items)
      for (const field of SECTION_KINDS[section.kind].fields)
        if (isFileKind(field.kind) && fieldText(item, field.key))
          (item as unknown as Record<string, string>)[field.key] = `https://files.example.com/${section.id}-${item.id}-${field.key}.png`;
  return copy;
}
