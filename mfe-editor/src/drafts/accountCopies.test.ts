import { chooseOpening, markCopySaved, readAccountCopy, writeAccountCopy, type AccountCopy } from './accountCopies';
import type { PortfolioRow } from '../portfolios/portfolioApi';

const row = (version: number, data: Record<string, string>): PortfolioRow => ({
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
const copy = (baseVersion: number, data: Record<string, string>, dirty: boolean): AccountCopy => ({
  templateId: '1',
  title: 'Mine',
  baseVersion,
  data,
  files: {},
  dirty,
  updatedAt: 1,
});

beforeEach(() => localStorage.clear());

test('no copy on this device: the account row opens', () => {
  expect(chooseOpening(undefined, row(3, { name: 'A' }))).toMatchObject({ data: { name: 'A' }, baseVersion: 3, unsaved: false });
});

test('unsaved changes on this device open over the same version and are saved at once', () => {
  expect(chooseOpening(copy(3, { name: 'typed here' }, true), row(3, { name: 'A' }))).toMatchObject({
    data: { name: 'typed here' },
    baseVersion: 3,
    savedData: { name: 'A' },
    unsaved: true,
  });
});

test('unsaved changes made from an older version open as they are, so their save is refused as stale', () => {
  expect(chooseOpening(copy(2, { name: 'offline edit' }, true), row(5, { name: 'newer' }))).toMatchObject({
    data: { name: 'offline edit' },
    baseVersion: 2,
    savedData: null,
    unsaved: true,
  });
});

test('a copy in step with the account (or equal to it) gives way to the newer row', () => {
  expect(chooseOpening(copy(2, { name: 'old' }, false), row(5, { name: 'newer' }))).toMatchObject({
    data: { name: 'newer' },
    unsaved: false,
  });
  // A keepalive save that reached the server after the copy was marked dirty: same data, nothing to save.
  expect(chooseOpening(copy(2, { name: 'same' }, true), row(3, { name: 'same' }))).toMatchObject({ baseVersion: 3, unsaved: false });
});

test('offline: this device copy opens alone', () => {
  expect(chooseOpening(copy(4, { name: 'here' }, true), undefined)).toMatchObject({ data: { name: 'here' }, offline: true, unsaved: true });
  expect(chooseOpening(undefined, undefined)).toBeUndefined();
});

test('copies round-trip through localStorage and are marked saved only when unchanged since', () => {
  writeAccountCopy('u1', 'p1', { templateId: '2', title: 'Shop', baseVersion: 1, data: { a: 'x' }, files: {}, dirty: true });
  markCopySaved('u1', 'p1', 2, { a: 'x' });
  expect(readAccountCopy('u1', 'p1')).toMatchObject({ templateId: '2', title: 'Shop', baseVersion: 2, dirty: false });
  writeAccountCopy('u1', 'p1', { templateId: '2', title: 'Shop', baseVersion: 2, data: { a: 'y' }, files: {}, dirty: true });
  markCopySaved('u1', 'p1', 3, { a: 'x' });
  expect(readAccountCopy('u1', 'p1')).toMatchObject({ baseVersion: 3, dirty: true });
  localStorage.setItem('folioforge.editor.portfolio.v1.u1.p2', '{"baseVersion":1,"templateId":"nope"}');
  expect(readAccountCopy('u1', 'p2')).toBeUndefined();
});
