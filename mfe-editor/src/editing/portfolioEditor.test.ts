import { getTemplate } from '@folioforge/templates';
import { GROUP_TYPING_MS } from './editHistory';
import { PortfolioEditor } from './portfolioEditor';
import { addItem, itemPath, profilePath, readField, removeItem, setHidden } from './portfolioEdits';

const newEditor = () => new PortfolioEditor({ templateId: '1', portfolio: getTemplate(1)!.sample });

test('typing in one field is one step until a pause; undo and redo redraw the field and put the caret in it', () => {
  jest.useFakeTimers();
  const editor = newEditor();
  const name = profilePath('name');
  editor.setField(name, 'A');
  editor.setField(name, 'Ad');
  jest.advanceTimersByTime(GROUP_TYPING_MS + 10);
  editor.setField(name, 'Ada');
  editor.undo();
  expect(readField(editor.portfolio, name)).toBe('Ad');
  expect(editor.store.getState().revisions[name]).toBe(1);
  expect(editor.store.getState().focusRequest?.target).toBe(name);
  editor.undo();
  expect(readField(editor.portfolio, name)).toBe('Aarav Mehta');
  expect(editor.store.getState().canUndo).toBe(false);
  editor.redo();
  editor.redo();
  expect(readField(editor.portfolio, name)).toBe('Ada');
  jest.useRealTimers();
});

test('changes of parts are steps of their own: undo brings a removed item back with its text, and says so', () => {
  const editor = newEditor();
  const added = addItem(editor.portfolio, 'projects');
  editor.change(added.portfolio, { label: 'Added Project 3', focus: itemPath('projects', added.id, 'name') });
  editor.setField(itemPath('projects', added.id, 'name'), 'Third');
  editor.change(removeItem(editor.portfolio, 'projects', added.id), {
    label: 'Removed Project 3',
    undoFocus: itemPath('projects', added.id, 'name'),
  });
  editor.change(setHidden(editor.portfolio, 'education', true), { label: 'Education is hidden from the page' });
  expect(editor.portfolio.sections[0]?.items).toHaveLength(2);
  editor.undo();
  expect(editor.portfolio.sections[1]?.hidden).toBe(false);
  editor.undo();
  expect(readField(editor.portfolio, itemPath('projects', added.id, 'name'))).toBe('Third');
  expect(editor.store.getState()).toMatchObject({
    announcement: 'Undone: Removed Project 3',
    focusRequest: { target: itemPath('projects', added.id, 'name') },
  });
});

test('a file chosen on this device becomes the stored one once uploaded; undo takes back text, never a file', () => {
  const editor = newEditor();
  editor.setField(profilePath('name'), 'Kabir');
  editor.setFile(profilePath('photo'), 'device:file-1');
  editor.replaceFile('device:file-1', 'storage:portfolio-images/u/p/photo-1.png');
  expect(editor.portfolio.profile.photo).toBe('storage:portfolio-images/u/p/photo-1.png');
  editor.undo();
  expect(editor.portfolio.profile.name).toBe('Aarav Mehta');
  expect(editor.portfolio.profile.photo).toBe('storage:portfolio-images/u/p/photo-1.png');
  expect([...editor.filesInUse()]).toEqual(['storage:portfolio-images/u/p/photo-1.png', 'sample:resume']);
});

test('switching the template keeps every text', () => {
  const editor = newEditor();
  const before = editor.portfolio;
  editor.setTemplate('3');
  editor.setTemplate('1');
  expect(editor.portfolio).toBe(before);
  expect(editor.store.getState().templateId).toBe('1');
});

test('switching the template is a step of undo and redo, said as such; another version loaded is not', () => {
  const editor = newEditor();
  editor.setField(profilePath('name'), 'Kabir');
  editor.setTemplate('3', { label: 'Switched to Professional Portfolio Template' });
  expect(editor.store.getState()).toMatchObject({
    templateId: '3',
    canUndo: true,
    announcement: 'Switched to Professional Portfolio Template',
  });
  editor.undo();
  expect(editor.store.getState()).toMatchObject({ templateId: '1', announcement: 'Undone: Switched to Professional Portfolio Template' });
  expect(editor.portfolio.profile.name).toBe('Kabir');
  editor.redo();
  expect(editor.store.getState().templateId).toBe('3');
  editor.undo();
  editor.undo();
  expect(editor.portfolio.profile.name).toBe('Aarav Mehta');
  expect(editor.store.getState().templateId).toBe('1');

  editor.replaceAll(getTemplate(2)!.sample, { undoable: false });
  editor.setTemplate('2', { undoable: false });
  expect(editor.store.getState()).toMatchObject({ templateId: '2', canUndo: false });
});

test('a picture chosen on an added item stays when adding it is undone and redone (found by undoRedoSequences)', () => {
  const editor = newEditor();
  const added = addItem(editor.portfolio, 'projects');
  editor.change(added.portfolio, { label: 'Added Project 3' });
  const picture = itemPath('projects', added.id, 'image');
  editor.setFile(picture, 'device:file-1');
  editor.undo();
  editor.redo();
  expect(readField(editor.portfolio, picture)).toBe('device:file-1');
});

describe('the pages of a site', () => {
  const withTalks = () => {
    const sample = getTemplate(1)!.sample;
    const projects = sample.sections.find((section) => section.kind === 'projects')!;
    const talks = { ...projects, id: 'talk-list', items: projects.items.map((item) => ({ ...item, id: `talk-${item.id}` })) };
    return new PortfolioEditor({
      templateId: '1',
      portfolio: { ...sample, pages: [{ id: 'talks', slug: 'talks', title: 'Talks', inNavigation: true, sections: [talks] }] },
    });
  };

  test("a picture chosen on a page's item stays when its text is undone, as on the home page", () => {
    const editor = withTalks();
    const itemId = editor.portfolio.pages![0]!.sections[0]!.items[0]!.id;
    const name = itemPath('talk-list', itemId, 'name');
    const image = itemPath('talk-list', itemId, 'image');
    editor.setField(name, 'Talk one');
    editor.setFile(image, 'device:file-9');
    editor.undo();
    expect(readField(editor.portfolio, name)).not.toBe('Talk one');
    expect(readField(editor.portfolio, image)).toBe('device:file-9');
  });

  test('undo shows the page it changed; a page gone (removed, its adding undone) leaves the home page edited', () => {
    const editor = withTalks();
    const itemId = editor.portfolio.pages![0]!.sections[0]!.items[0]!.id;
    editor.showPage('talks');
    editor.change(removeItem(editor.portfolio, 'talk-list', itemId), {
      label: 'Removed Project 1',
      undoFocus: itemPath('talk-list', itemId, 'name'),
    });
    editor.showPage('home');
    editor.undo();
    expect(editor.store.getState().pageId).toBe('talks');
    const { pages: _pages, ...withoutPages } = editor.portfolio;
    editor.change(withoutPages, { label: 'Removed the page Talks' });
    expect(editor.store.getState().pageId).toBe('home');
    editor.showPage('nowhere');
    expect(editor.store.getState().pageId).toBe('home');
  });
});
