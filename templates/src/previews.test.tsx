import { describe, expect, test } from '@jest/globals';
import { render } from '@testing-library/react';
import { TEMPLATES } from './index';
import { GeneratorPage, ShowsPlaceholders } from './generator/GeneratorPage';
import { SECTION_KINDS, type Portfolio, type Section } from './model';
import type { TemplatePageProps } from './types';
import type { ComponentType } from 'react';
import { everyKindPortfolio, missingValues } from './testing/portfolioShown';

/** The generator's page as published: no placeholders, the stored resume linked. */
function PublishedGenerator({ portfolio }: TemplatePageProps) {
  return (
    <ShowsPlaceholders.Provider value={false}>
      <GeneratorPage portfolio={portfolio} resumeFileName="cv.pdf" />
    </ShowsPlaceholders.Provider>
  );
}

const PAGES: [string, ComponentType<TemplatePageProps>][] = [
  ...TEMPLATES.map((template) => [`template ${template.id}`, template.Page] as [string, ComponentType<TemplatePageProps>]),
  ['the generator', PublishedGenerator],
];

/** Every field of the profile and of each section's first item, with a new value. */
function edits(portfolio: Portfolio): { what: string; apply: (portfolio: Portfolio) => Portfolio }[] {
  const list: { what: string; apply: (portfolio: Portfolio) => Portfolio }[] = [];
  for (const key of Object.keys(portfolio.profile) as (keyof Portfolio['profile'])[]) {
    const value =
      key === 'email'
        ? 'edited@example.com'
        : key === 'phone'
          ? '+91 91111 22222'
          : /photo|resume|website/.test(key)
            ? `https://edited.example.com/${key}`
            : `Edited ${key}`;
    list.push({ what: `profile.${key}`, apply: (current) => ({ ...current, profile: { ...current.profile, [key]: value } }) });
  }
  portfolio.sections.forEach((section, index) => {
    for (const field of SECTION_KINDS[section.kind].fields) {
      const value = ['url', 'image', 'pdf'].includes(field.kind)
        ? `https://edited.example.com/${section.kind}-${field.key}`
        : `Edited ${section.kind} ${field.key}`;
      list.push({
        what: `${section.kind}.${field.key}`,
        apply: (current) => {
          const sections = [...current.sections];
          const target = sections[index]!;
          sections[index] = { ...target, items: [{ ...target.items[0]!, [field.key]: value }, ...target.items.slice(1)] } as Section;
          return { ...current, sections };
        },
      });
    }
  });
  return list;
}

describe.each(PAGES)('%s', (_name, Page) => {
  test('shows every part of a portfolio with a section of every kind', () => {
    const portfolio = everyKindPortfolio();
    const { container } = render(<Page portfolio={portfolio} />);
    expect(missingValues(container, portfolio)).toEqual([]);
  });

  test('shows the sections in their order and leaves hidden ones out', () => {
    const portfolio = everyKindPortfolio();
    portfolio.sections.reverse();
    portfolio.sections[2]!.hidden = true;
    const { container } = render(<Page portfolio={portfolio} />);
    const shown = Array.from(container.querySelectorAll('[data-section-id]')).map((element) => element.getAttribute('data-section-id'));
    expect(shown).toEqual(portfolio.sections.filter((section) => !section.hidden).map((section) => section.id));
    expect(container.textContent).not.toContain(portfolio.sections[2]!.body);
  });

  test('each field, edited on its own, reaches the page at once (parts redraw on what they show)', () => {
    let portfolio = everyKindPortfolio();
    const { container, rerender } = render(<Page portfolio={portfolio} />);
    for (const edit of edits(portfolio)) {
      portfolio = edit.apply(portfolio);
      rerender(<Page portfolio={portfolio} />);
      expect({ edited: edit.what, missing: missingValues(container, portfolio) }).toEqual({ edited: edit.what, missing: [] });
    }
  });
});
