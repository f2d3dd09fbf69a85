import type { TemplateField } from '@folioforge/templates';
import { readDraftDocument, readDraftEntry, writeDraftEntry } from './draftStorage';
import { draftEntryFromValues, richTextSanitizerFor, valuesFromDraftEntry } from './draftValues';

const KEY = 'folioforge.test.v1';
const fields: TemplateField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'image', label: 'Image', kind: 'image' },
  { key: 'resume', label: 'Resume', kind: 'pdf' },
];
const sample = { name: 'Sample', image: '/assets/sample.svg', resume: '/assets/sample.pdf' };

beforeEach(() => localStorage.clear());

test('an entry round-trips and becomes the last one', () => {
  writeDraftEntry(KEY, '2', { values: { name: 'A' }, files: {} });
  writeDraftEntry(KEY, '1', { values: { name: 'B' }, files: { image: { name: 'me.png', type: 'image/png', size: 3 } } });
  const document = readDraftDocument(KEY);
  expect(document.lastEntryKey).toBe('1');
  expect(document.entries['2']?.values).toEqual({ name: 'A' });
  expect(readDraftEntry(KEY, '1')?.files.image?.name).toBe('me.png');
});

test('a damaged or foreign document reads as empty, never throws', () => {
  localStorage.setItem(KEY, '{not json');
  expect(readDraftDocument(KEY)).toEqual({ version: 1, lastEntryKey: null, entries: {} });
  localStorage.setItem(KEY, JSON.stringify({ version: 1, lastEntryKey: '9', entries: { 1: { values: { name: 5, about: 'ok' } } } }));
  expect(readDraftDocument(KEY)).toEqual({
    version: 1,
    lastEntryKey: null,
    entries: { 1: { values: { about: 'ok' }, files: {}, updatedAt: 0 } },
  });
});

test('file fields: chosen files listed, samples and page-local URLs not stored', () => {
  const entry = draftEntryFromValues(
    fields,
    sample,
    { name: 'Ada', image: 'blob:http://x/1', resume: '/assets/sample.pdf' },
    { image: { name: 'me.png', type: 'image/png', size: 1 } },
  );
  expect(entry).toEqual({ values: { name: 'Ada' }, files: { image: { name: 'me.png', type: 'image/png', size: 1 } } });
  // Restored over the sample: the chosen file's field shows the sample until the file is back.
  expect(valuesFromDraftEntry(fields, sample, { ...entry, updatedAt: 1 })).toEqual({
    name: 'Ada',
    image: '/assets/sample.svg',
    resume: '/assets/sample.pdf',
  });
  expect(valuesFromDraftEntry(fields, sample, undefined)).toEqual(sample);
});

test('saving sanitises rich text fields, and only them', () => {
  const sanitize = richTextSanitizerFor([
    { key: 'about', label: 'About', kind: 'longText' },
    { key: 'name', label: 'Name', kind: 'text' },
  ]);
  const values = {
    about: '<p>Hi <img src=x onerror="alert(1)"><strong>there</strong></p><script>alert(2)</script>',
    name: '<p>kept as typed: shown as text</p>',
  };
  expect(sanitize(values)).toEqual({ about: '<p>Hi <strong>there</strong></p>', name: values.name });
  // Old plain text is not HTML: stored as it is.
  expect(sanitize({ about: 'a < b & c', name: '' })).toEqual({ about: 'a < b & c', name: '' });
});
