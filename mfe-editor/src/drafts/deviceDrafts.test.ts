import { coercePortfolio } from '@folioforge/templates';
import { DRAFTS_KEY, LEGACY_DESIGN_KEY, readDeviceDrafts, writeDeviceDraft } from './deviceDrafts';

const portfolioNamed = (name: string) => {
  const portfolio = coercePortfolio('1', {});
  return { ...portfolio, profile: { ...portfolio.profile, name } };
};

beforeEach(() => localStorage.clear());

test('saving one draft keeps the others on the device, each read back whole', () => {
  writeDeviceDraft({ id: 'a', templateId: '1', portfolio: portfolioNamed('First 🌱') });
  writeDeviceDraft({ id: 'b', templateId: '3', portfolio: portfolioNamed('Second') });
  writeDeviceDraft({ id: 'a', templateId: '1', portfolio: portfolioNamed('First, edited') });
  const { drafts, last } = readDeviceDrafts();
  expect(Object.keys(drafts).sort()).toEqual(['a', 'b']);
  expect(drafts.a!.portfolio.profile.name).toBe('First, edited');
  expect(drafts.b!.portfolio.profile.name).toBe('Second');
  expect(drafts.b!.templateId).toBe('3');
  expect(last).toBe('a');
});

test('a draft stored with parts missing beside the one saved is kept, and filled in when read', () => {
  localStorage.setItem(
    DRAFTS_KEY,
    JSON.stringify({
      version: 2,
      last: 'old',
      drafts: { old: { id: 'old', templateId: '1', portfolio: { schemaVersion: 2, profile: { name: 'Kept as typed' } }, updatedAt: 1 } },
    }),
  );
  writeDeviceDraft({ id: 'new', templateId: '1', portfolio: portfolioNamed('New') });
  const { drafts } = readDeviceDrafts();
  expect(drafts.old!.portfolio.profile.name).toBe('Kept as typed');
  expect(drafts.old!.portfolio.sections).toEqual([]);
  expect(drafts.new!.portfolio.profile.name).toBe('New');
});

test('an unreadable list is replaced by the draft saved; drafts kept before the model are upgraded first', () => {
  localStorage.setItem(DRAFTS_KEY, '{not json');
  writeDeviceDraft({ id: 'a', templateId: '1', portfolio: portfolioNamed('Fresh') });
  expect(Object.keys(readDeviceDrafts().drafts)).toEqual(['a']);

  localStorage.clear();
  localStorage.setItem(
    LEGACY_DESIGN_KEY,
    JSON.stringify({ version: 1, lastEntryKey: '3', entries: { '3': { values: { name: 'Before the model' }, files: {}, updatedAt: 1 } } }),
  );
  writeDeviceDraft({ id: 'a', templateId: '1', portfolio: portfolioNamed('Fresh') });
  const { drafts } = readDeviceDrafts();
  expect(drafts['design-3']!.portfolio.profile.name).toBe('Before the model');
  expect(drafts.a!.portfolio.profile.name).toBe('Fresh');
  expect(localStorage.getItem(LEGACY_DESIGN_KEY)).toBeNull();
});
