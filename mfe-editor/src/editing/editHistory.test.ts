import { EditHistory, GROUP_TYPING_MS } from './editHistory';

test('typing in one field without a pause is one step; another field or a pause starts a new one', () => {
  const history = new EditHistory();
  history.recordField('name', '', 'A', 0);
  history.recordField('name', 'A', 'Ad', 100);
  history.recordField('name', 'Ad', 'Ada', 200);
  history.recordField('email', '', 'a@x.io', 300);
  history.recordField('email', 'a@x.io', 'a@x.org', 300 + GROUP_TYPING_MS);
  expect(history.undo()).toMatchObject({ before: { email: 'a@x.io' }, after: { email: 'a@x.org' } });
  expect(history.undo()).toMatchObject({ before: { email: '' }, after: { email: 'a@x.io' } });
  expect(history.undo()).toMatchObject({ before: { name: '' }, after: { name: 'Ada' } });
  expect(history.canUndo).toBe(false);
  expect(history.redo()).toMatchObject({ after: { name: 'Ada' } });
});

test('a change after undo drops what could have been redone', () => {
  const history = new EditHistory();
  history.recordField('name', '', 'one', 0);
  history.recordField('about', '', 'two', 10);
  history.undo();
  expect(history.canRedo).toBe(true);
  history.recordField('name', 'one', 'three', 20);
  expect(history.canRedo).toBe(false);
  // Not merged into the undone step's neighbour either.
  expect(history.undo()).toMatchObject({ before: { name: 'one' }, after: { name: 'three' } });
});

test('a reset is one step', () => {
  const history = new EditHistory();
  history.recordField('name', 'Sample', 'Mine', 0);
  history.recordAll({ name: 'Mine', about: 'My story' }, { name: 'Sample', about: 'Sample story' }, 50);
  expect(history.undo()).toEqual({
    before: { name: 'Mine', about: 'My story' },
    after: { name: 'Sample', about: 'Sample story' },
    fieldKey: null,
    at: 50,
  });
  expect(history.undo()?.before).toEqual({ name: 'Sample' });
});
