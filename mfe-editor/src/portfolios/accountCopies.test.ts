import { getTemplate, type Portfolio } from '@folioforge/templates';
import { chooseOpening, markCopySaved, readAccountCopy, toSaved, writeAccountCopy, type AccountCopy } from './accountCopies';
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
const copy = (baseVersion: number, data: Portfolio, dirty: boolean, templateId: AccountCopy['templateId'] = '1'): AccountCopy => ({
  templateId,
  title: 'Mine',
  baseVersion,
  data,
  dirty,
  updatedAt: 1,
});

beforeEach(() => localStorage.clear());

test('no copy on this device: the account row opens', () => {
  expect(chooseOpening(undefined, row(3, named('A')))).toMatchObject({ data: named('A'), templateId: '1', baseVersion: 3, unsaved: false });
});

test('unsaved changes on this device open over the same version and are saved at once, a switched template too', () => {
  expect(chooseOpening(copy(3, named('typed here'), true, '3'), row(3, named('A')))).toMatchObject({
    data: named('typed here'),
    templateId: '3',
    baseVersion: 3,
    saved: { templateId: '1', data: named('A') },
    unsaved: true,
  });
});

test('unsaved changes made from an older version open as they are, so their save is refused as stale', () => {
  expect(chooseOpening(copy(2, named('offline edit'), true), row(5, named('newer')))).toMatchObject({
    data: named('offline edit'),
    baseVersion: 2,
    saved: null,
    unsaved: true,
  });
});

test('a copy in step with the account (or equal to it) gives way to the newer row; one with files only here does not', () => {
  expect(chooseOpening(copy(2, named('old'), false), row(5, named('newer')))).toMatchObject({ data: named('newer'), unsaved: false });
  // A keepalive save that reached the server after the copy was marked dirty: same data, nothing to save.
  expect(chooseOpening(copy(2, named('same'), true), row(3, named('same')))).toMatchObject({ baseVersion: 3, unsaved: false });
  // A picture chosen on this device, not uploaded yet: only this copy has it.
  expect(chooseOpening(copy(3, named('same', 'device:file-1'), true), row(3, named('same')))).toMatchObject({
    data: named('same', 'device:file-1'),
    unsaved: true,
  });
});

test('the account never gets a file that is only on this device', () => {
  expect(toSaved({ templateId: '1', data: named('A', 'device:file-1') })).toEqual({ templateId: '1', data: named('A', '') });
  const kept = named('A', 'storage:portfolio-images/u1/p1/a.png');
  expect(toSaved({ templateId: '1', data: kept }).data).toBe(kept);
});

test('offline: this device copy opens alone', () => {
  expect(chooseOpening(copy(4, named('here'), true), undefined)).toMatchObject({ data: named('here'), offline: true, unsaved: true });
  expect(chooseOpening(undefined, undefined)).toBeUndefined();
});

test('copies round-trip through localStorage and are marked saved only when unchanged since', () => {
  writeAccountCopy('u1', 'p1', { templateId: '2', title: 'Shop', baseVersion: 1, data: named('x'), dirty: true });
  markCopySaved('u1', 'p1', 2, { templateId: '2', data: named('x') });
  expect(readAccountCopy('u1', 'p1')).toMatchObject({ templateId: '2', title: 'Shop', baseVersion: 2, dirty: false, data: named('x') });
  writeAccountCopy('u1', 'p1', { templateId: '2', title: 'Shop', baseVersion: 2, data: named('y'), dirty: true });
  markCopySaved('u1', 'p1', 3, { templateId: '2', data: named('x') });
  expect(readAccountCopy('u1', 'p1')).toMatchObject({ baseVersion: 3, dirty: true });
  localStorage.setItem('folioforge.editor.portfolio.v2.u1.p2', '{"baseVersion":1,"templateId":"nope"}');
  expect(readAccountCopy('u1', 'p2')).toBeUndefined();
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
  const upgraded = readAccountCopy('u1', 'p3');
  expect(upgraded).toMatchObject({ templateId: '1', title: 'Old', baseVersion: 4, dirty: true });
  expect(upgraded?.data.profile).toMatchObject({ name: 'Ada', photo: 'device:account.u1/p3/image' });
  expect(upgraded?.data.sections[0]?.items[0]).toMatchObject({ name: 'Engine' });
  expect(localStorage.getItem('folioforge.editor.portfolio.v1.u1.p3')).toBeNull();
  expect(readAccountCopy('u1', 'p3')).toEqual({ ...upgraded, updatedAt: expect.any(Number) });
});
