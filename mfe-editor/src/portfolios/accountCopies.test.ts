import { getTemplate, type Portfolio } from '@folioforge/templates';
import {
  chooseOpening,
  markCopySaved,
  readAccountCopies,
  readAccountCopy,
  removeAccountCopy,
  toSaved,
  writeAccountCopy,
  type AccountCopy,
} from './accountCopies';
import type { PortfolioRow } from './portfolioApi';

const sample = getTemplate(1)!.sample;
/** A portfolio told apart by its name. */
const named = (name: string, photo = ''): Portfolio => ({ ...sample, profile: { ...sample.profile, name, photo } });

const row = (version: number, data: Portfolio): PortfolioRow => ({
  id: 'p1',
  ownerId: 'u1',
  templateId: '1',
  title: 'Mine',
  data,
  published: false,
  slug: null,
  look: {},
  version,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});
const copy = (
  baseVersion: number,
  data: Portfolio,
  dirty: boolean,
  { templateId = '1', tab = 'tab-a', session = 's1' }: { templateId?: AccountCopy['templateId']; tab?: string; session?: string } = {},
): AccountCopy => ({ templateId, title: 'Mine', baseVersion, data, dirty, tab, session, updatedAt: 1 });
const writer = (tab: string, session: string) => ({ tab, session });

beforeEach(() => localStorage.clear());

test('no copy on this device: the account row opens', () => {
  expect(chooseOpening([], row(3, named('A')), 'tab-a')).toEqual({
    opened: {
      data: named('A'),
      templateId: '1',
      baseVersion: 3,
      saved: { templateId: '1', data: named('A') },
      unsaved: false,
      offline: false,
    },
    offered: [],
  });
});

test("this tab's unsaved changes over the same version open and are saved at once, a switched template too", () => {
  const mine = copy(3, named('typed here'), true, { templateId: '3' });
  expect(chooseOpening([mine], row(3, named('A')), 'tab-a')).toMatchObject({
    opened: { data: named('typed here'), templateId: '3', baseVersion: 3, saved: { templateId: '1', data: named('A') }, unsaved: true },
    from: mine,
    offered: [],
  });
});

test('the newest saved version opens over unsaved copies made on an older one, or in another tab: those are offered', () => {
  const otherTabOlder = copy(1, named('phone from tab B'), true, { tab: 'tab-b', session: 'sb' });
  const mineOlder = copy(2, named('offline edit'), true, { session: 's0' });
  const otherTabSame = copy(5, named('typed in tab C'), true, { tab: 'tab-c', session: 'sc' });
  const opening = chooseOpening([otherTabOlder, mineOlder, otherTabSame], row(5, named('newer')), 'tab-a');
  expect(opening).toMatchObject({ opened: { data: named('newer'), baseVersion: 5, unsaved: false } });
  expect(opening?.from).toBeUndefined();
  expect(opening?.offered).toEqual(expect.arrayContaining([otherTabOlder, mineOlder, otherTabSame]));
  expect(opening?.offered).toHaveLength(3);
});

test('a copy in step with the account (or equal to it) gives way to the newer row; one with files only here does not', () => {
  expect(chooseOpening([copy(2, named('old'), false)], row(5, named('newer')), 'tab-a')).toMatchObject({
    opened: { data: named('newer'), unsaved: false },
    offered: [],
  });
  // A keepalive save that reached the server after the copy was marked dirty: same data, nothing to save.
  expect(chooseOpening([copy(2, named('same'), true)], row(3, named('same')), 'tab-a')).toMatchObject({
    opened: { baseVersion: 3, unsaved: false },
    offered: [],
  });
  // A picture chosen on this device, not uploaded yet: only this copy has it.
  expect(chooseOpening([copy(3, named('same', 'device:file-1'), true)], row(3, named('same')), 'tab-a')).toMatchObject({
    opened: { data: named('same', 'device:file-1'), unsaved: true },
  });
});

test('the account never gets a file that is only on this device', () => {
  expect(toSaved({ templateId: '1', data: named('A', 'device:file-1') })).toEqual({ templateId: '1', data: named('A', '') });
  const kept = named('A', 'storage:portfolio-images/u1/p1/a.png');
  expect(toSaved({ templateId: '1', data: kept }).data).toBe(kept);
});

test("a file only on this device is left out of every page's sections, not only the home page's", () => {
  const shot = (image: string) => ({
    id: 'w',
    kind: 'projects' as const,
    title: 'Work',
    hidden: false,
    body: '',
    items: [{ id: 'i', name: 'Engine', description: '', url: '', image }],
  });
  const withPage = (image: string): Portfolio => ({
    ...named('A'),
    pages: [{ id: 'proj', slug: 'projects', title: 'Projects', inNavigation: true, sections: [shot(image)] }],
  });
  expect(toSaved({ templateId: '1', data: withPage('device:file-2') }).data).toEqual(withPage(''));
});

test("offline: this tab's copy opens alone, else the device's newest", () => {
  const mine = copy(4, named('here'), true);
  const other = { ...copy(5, named('there'), true, { tab: 'tab-b', session: 'sb' }), updatedAt: 9 };
  expect(chooseOpening([other, mine], undefined, 'tab-a')).toMatchObject({ opened: { data: named('here'), offline: true, unsaved: true } });
  expect(chooseOpening([other, mine], undefined, 'tab-c')).toMatchObject({ opened: { data: named('there') }, from: other });
  expect(chooseOpening([], undefined, 'tab-a')).toBeUndefined();
});

test('each session keeps its own copy on this device, marked saved only when unchanged since', () => {
  writeAccountCopy('u1', 'p1', { ...writer('tab-a', 's1'), templateId: '2', title: 'Shop', baseVersion: 1, data: named('x'), dirty: true });
  writeAccountCopy('u1', 'p1', { ...writer('tab-b', 's2'), templateId: '2', title: 'Shop', baseVersion: 1, data: named('b'), dirty: true });
  markCopySaved('u1', 'p1', 's1', 2, { templateId: '2', data: named('x') });
  expect(readAccountCopy('u1', 'p1', 's1')).toMatchObject({ templateId: '2', title: 'Shop', baseVersion: 2, dirty: false, tab: 'tab-a' });
  expect(readAccountCopy('u1', 'p1', 's2')).toMatchObject({ baseVersion: 1, dirty: true, data: named('b'), tab: 'tab-b' });
  writeAccountCopy('u1', 'p1', { ...writer('tab-a', 's1'), templateId: '2', title: 'Shop', baseVersion: 2, data: named('y'), dirty: true });
  markCopySaved('u1', 'p1', 's1', 3, { templateId: '2', data: named('x') });
  expect(readAccountCopy('u1', 'p1', 's1')).toMatchObject({ baseVersion: 3, dirty: true });
  expect(
    readAccountCopies('u1', 'p1')
      .map((kept) => kept.session)
      .sort(),
  ).toEqual(['s1', 's2']);
  // A portfolio whose id starts like another's is not mixed up with it.
  writeAccountCopy('u1', 'p10', {
    ...writer('tab-a', 's3'),
    templateId: '2',
    title: 'Other',
    baseVersion: 1,
    data: named('z'),
    dirty: true,
  });
  expect(readAccountCopies('u1', 'p1')).toHaveLength(2);
  removeAccountCopy('u1', 'p1', 's1');
  expect(readAccountCopies('u1', 'p1').map((kept) => kept.session)).toEqual(['s2']);
  removeAccountCopy('u1', 'p1');
  expect(readAccountCopies('u1', 'p1')).toEqual([]);
  expect(readAccountCopies('u1', 'p10')).toHaveLength(1);
  localStorage.setItem('folioforge.editor.portfolio.v3.u1.p2.s9', '{"baseVersion":1,"templateId":"nope"}');
  expect(readAccountCopies('u1', 'p2')).toEqual([]);
});

test("the one copy kept before copies were per session is read as an earlier tab's, once", () => {
  localStorage.setItem(
    'folioforge.editor.portfolio.v2.u1.p4',
    JSON.stringify({ templateId: '1', title: 'Kept', baseVersion: 2, data: named('typed before'), dirty: true, updatedAt: 5 }),
  );
  expect(readAccountCopies('u1', 'p4')).toEqual([
    expect.objectContaining({ tab: 'earlier', session: 'earlier', baseVersion: 2, dirty: true }),
  ]);
  expect(localStorage.getItem('folioforge.editor.portfolio.v2.u1.p4')).toBeNull();
  expect(readAccountCopies('u1', 'p4')).toHaveLength(1);
});

test('a copy kept before the portfolio model is read once, upgraded, its files on this device named in place', () => {
  localStorage.setItem(
    'folioforge.editor.portfolio.v1.u1.p3',
    JSON.stringify({
      templateId: '1',
      title: 'Old',
      baseVersion: 4,
      data: { name: 'Ada', project1title: 'Engine' },
      files: { image: { name: 'me.png', type: 'image/png', size: 10 } },
      dirty: true,
      updatedAt: 5,
    }),
  );
  const [upgraded] = readAccountCopies('u1', 'p3');
  expect(upgraded).toMatchObject({ templateId: '1', title: 'Old', baseVersion: 4, dirty: true });
  expect(upgraded?.data.profile).toMatchObject({ name: 'Ada', photo: 'device:account.u1/p3/image' });
  expect(upgraded?.data.sections[0]?.items[0]).toMatchObject({ name: 'Engine' });
  expect(localStorage.getItem('folioforge.editor.portfolio.v1.u1.p3')).toBeNull();
  expect(readAccountCopies('u1', 'p3')).toEqual([{ ...upgraded, updatedAt: expect.any(Number) }]);
});
