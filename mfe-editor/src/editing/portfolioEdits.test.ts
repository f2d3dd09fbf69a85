import { getTemplate, checkPortfolio, LIMITS, type Portfolio } from '@folioforge/templates';
import {
  addItem,
  addSection,
  cannotAddItem,
  cannotAddSection,
  changedPaths,
  duplicateItem,
  duplicateSection,
  itemPath,
  moveItem,
  moveSection,
  pagePath,
  pageSections,
  placeOf,
  profilePath,
  readField,
  removeItem,
  removeSection,
  sectionPath,
  setHidden,
  SITE_PROTECTED_PATH,
  writeField,
} from './portfolioEdits';

const sample = (): Portfolio => getTemplate(1)!.sample;
const projects = (portfolio: Portfolio) => portfolio.sections.find((section) => section.kind === 'projects')!;
const names = (portfolio: Portfolio) => projects(portfolio).items.map((item) => ('name' in item ? item.name : ''));

test('a field is read and written by its path; every other part stays the same object', () => {
  const before = sample();
  const path = itemPath('projects', 'project-2', 'name');
  const after = writeField(before, path, 'Night Owl');
  expect(readField(after, path)).toBe('Night Owl');
  expect(after.sections[1]).toBe(before.sections[1]);
  expect(projects(after).items[0]).toBe(projects(before).items[0]);
  expect(after.profile).toBe(before.profile);
  expect(changedPaths(before, after)).toEqual([path]);
  expect(placeOf(path)).toEqual({ sectionId: 'projects', itemId: 'project-2' });
  expect(readField(writeField(before, profilePath('name'), 'Kabir'), profilePath('name'))).toBe('Kabir');
  expect(readField(writeField(before, sectionPath('education', 'title'), 'Studies'), sectionPath('education', 'title'))).toBe('Studies');
});

test('asking for the site’s password is a field too; unticked, the row is as every row before it', () => {
  const before = sample();
  expect(readField(before, SITE_PROTECTED_PATH)).toBe('');
  const asked = writeField(before, SITE_PROTECTED_PATH, 'true');
  expect(asked.site).toEqual({ protected: true });
  expect(changedPaths(before, asked)).toEqual([SITE_PROTECTED_PATH]);
  const checked = checkPortfolio(asked);
  expect(checked.ok ? checked.portfolio.site : checked.problems).toEqual({ protected: true });
  expect('site' in writeField(asked, SITE_PROTECTED_PATH, '')).toBe(false);
});

test('items are added, moved, duplicated and removed, each with its own id; the result passes the schema', () => {
  let portfolio = sample();
  const third = addItem(portfolio, 'projects');
  portfolio = writeField(third.portfolio, itemPath('projects', third.id, 'name'), 'Third');
  const fourth = addItem(portfolio, 'projects');
  portfolio = writeField(fourth.portfolio, itemPath('projects', fourth.id, 'name'), 'Fourth');
  expect(names(portfolio)).toEqual(['Trailmix', 'Paper Lantern', 'Third', 'Fourth']);
  portfolio = moveItem(portfolio, 'projects', fourth.id, 0);
  expect(names(portfolio)).toEqual(['Fourth', 'Trailmix', 'Paper Lantern', 'Third']);
  const copy = duplicateItem(portfolio, 'projects', fourth.id);
  expect(names(copy.portfolio)).toEqual(['Fourth', 'Fourth', 'Trailmix', 'Paper Lantern', 'Third']);
  expect(copy.id).not.toBe(fourth.id);
  portfolio = removeItem(copy.portfolio, 'projects', third.id);
  expect(names(portfolio)).toEqual(['Fourth', 'Fourth', 'Trailmix', 'Paper Lantern']);
  expect(checkPortfolio(portfolio)).toMatchObject({ ok: true });
});

test('sections are added (with an empty item), hidden, moved, duplicated and removed', () => {
  let portfolio = sample();
  const skills = addSection(portfolio, 'skills');
  portfolio = skills.portfolio;
  expect(portfolio.sections.map((section) => section.title)).toEqual(['Projects', 'Education', 'Skills']);
  expect(portfolio.sections[2]?.items).toHaveLength(1);
  expect(addSection(portfolio, 'text').portfolio.sections[3]?.items).toEqual([]);
  portfolio = setHidden(portfolio, 'education', true);
  portfolio = moveSection(portfolio, skills.id, 0);
  expect(portfolio.sections.map((section) => [section.title, section.hidden])).toEqual([
    ['Skills', false],
    ['Projects', false],
    ['Education', true],
  ]);
  const copy = duplicateSection(portfolio, 'projects');
  expect(copy.portfolio.sections.map((section) => section.title)).toEqual(['Skills', 'Projects', 'Projects (copy)', 'Education']);
  expect(new Set(copy.portfolio.sections[2]!.items.map((item) => item.id)).size).toBe(2);
  expect(copy.portfolio.sections[2]!.items[0]!.id).not.toBe('project-1');
  expect(removeSection(copy.portfolio, 'education').sections).toHaveLength(3);
  expect(checkPortfolio(copy.portfolio)).toMatchObject({ ok: true });
});

test('the limits are said before the schema has to refuse', () => {
  let portfolio = sample();
  for (let n = projects(portfolio).items.length; n < LIMITS.itemsPerSection; n += 1) portfolio = addItem(portfolio, 'projects').portfolio;
  expect(cannotAddItem(portfolio, projects(portfolio))).toBe(`A section holds at most ${LIMITS.itemsPerSection} items.`);
});

describe("a page's sections", () => {
  const withPage = (): Portfolio => ({
    ...sample(),
    pages: [
      {
        id: 'talks',
        slug: 'talks',
        title: 'Talks',
        inNavigation: true,
        sections: [
          {
            id: 'talk-list',
            kind: 'projects',
            title: 'Talks',
            hidden: false,
            body: '',
            items: [{ id: 't1', name: 'Rust', description: '', url: '', image: '' }],
          },
        ],
      },
    ],
  });

  test('a section or item path reaches it on its page; the home page stays the same object', () => {
    const before = withPage();
    const path = itemPath('talk-list', 't1', 'name');
    const after = writeField(before, path, 'Rust in anger');
    expect(readField(after, path)).toBe('Rust in anger');
    expect(pageSections(after, 'talks')[0]?.items[0]).toMatchObject({ name: 'Rust in anger' });
    expect(after.sections).toBe(before.sections);
    expect(changedPaths(before, after)).toEqual([path]);
  });

  test('adding goes to the page asked; moving, duplicating, hiding and removing stay on the section’s page', () => {
    const added = addSection(withPage(), 'skills', 'talks');
    expect(pageSections(added.portfolio, 'talks').map((section) => section.kind)).toEqual(['projects', 'skills']);
    expect(added.portfolio.sections).toHaveLength(sample().sections.length);
    const moved = moveSection(added.portfolio, added.id, 0);
    expect(pageSections(moved, 'talks')[0]?.id).toBe(added.id);
    const copy = duplicateSection(moved, 'talk-list');
    expect(pageSections(copy.portfolio, 'talks').map((section) => section.title)).toEqual(['Skills', 'Talks', 'Talks (copy)']);
    const hidden = setHidden(copy.portfolio, copy.id, true);
    expect(pageSections(hidden, 'talks')[2]?.hidden).toBe(true);
    const item = addItem(hidden, 'talk-list');
    expect(pageSections(item.portfolio, 'talks')[1]?.items).toHaveLength(2);
    expect(pageSections(removeSection(item.portfolio, 'talk-list'), 'talks').map((section) => section.id)).toEqual([added.id, copy.id]);
  });

  test("a page's own title and description are its settings; the home page's stay as they were", () => {
    const before = withPage();
    const path = pagePath('title', 'talks');
    expect(path).toBe('page.title.talks');
    const after = writeField(before, path, 'Talks by Aarav');
    expect(readField(after, path)).toBe('Talks by Aarav');
    expect(after.pages?.[0]?.page).toEqual({ title: 'Talks by Aarav' });
    expect(after.page).toBe(before.page);
    expect(readField(after, pagePath('title'))).toBe(readField(before, pagePath('title')));
    expect(changedPaths(before, after)).toEqual([path]);
    expect(writeField(after, path, '').pages?.[0]).not.toHaveProperty('page');
    expect(writeField(before, pagePath('title', 'nowhere'), 'x')).toBe(before);
  });

  test(`a page holds ${LIMITS.sections} sections, as the home page does`, () => {
    let portfolio = withPage();
    while (!cannotAddSection(portfolio, 'talks')) portfolio = addSection(portfolio, 'text', 'talks').portfolio;
    expect(pageSections(portfolio, 'talks')).toHaveLength(LIMITS.sections);
    expect(cannotAddSection(portfolio, 'talks')).toBe(`A page holds at most ${LIMITS.sections} sections.`);
    expect(cannotAddSection(portfolio)).toBeNull();
  });
});
