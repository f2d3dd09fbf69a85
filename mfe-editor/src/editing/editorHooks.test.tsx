import { act, render } from '@testing-library/react';
import { getTemplate } from '@folioforge/templates';
import { EditorContext, useEditorList, useSectionsState } from './editorHooks';
import { PortfolioEditor } from './portfolioEditor';
import { itemPath, moveSection, profilePath, readItemField } from './portfolioEdits';

test("a list of the editor's state redraws its user only when the list changes, not on a key press elsewhere", () => {
  const editor = new PortfolioEditor({ templateId: '1', portfolio: getTemplate(1)!.sample });
  const drawn: (readonly string[])[] = [];
  function SectionIds() {
    const ids = useEditorList((state) => state.portfolio.sections.map((section) => section.id));
    drawn.push(ids);
    return <p>{ids.join(' ')}</p>;
  }
  const { container } = render(
    <EditorContext.Provider value={editor}>
      <SectionIds />
    </EditorContext.Provider>,
  );
  expect(container.textContent).toBe('projects education');

  act(() => editor.setField(profilePath('name'), 'Ada'));
  act(() => editor.setField(profilePath('name'), 'Ada L'));
  expect(drawn).toHaveLength(1);

  act(() => editor.change(moveSection(editor.portfolio, 'education', 0), { label: 'Moved Education to position 1 of 2' }));
  expect(container.textContent).toBe('education projects');
  expect(drawn).toHaveLength(2);
});

test('a part of the sections is read again only when the sections change, and follows them when they do', () => {
  const editor = new PortfolioEditor({ templateId: '1', portfolio: getTemplate(1)!.sample });
  const firstProject = editor.portfolio.sections[0]!.items[0]!.id;
  const titlePath = itemPath('projects', firstProject, 'name');
  let reads = 0;
  function ProjectTitle() {
    const title = useSectionsState(titlePath, (sections) => {
      reads += 1;
      return readItemField(sections, 'projects', firstProject, 'name');
    });
    return <p>{title}</p>;
  }
  const { container } = render(
    <EditorContext.Provider value={editor}>
      <ProjectTitle />
    </EditorContext.Provider>,
  );
  const readsOnFirstDraw = reads;

  act(() => editor.setField(profilePath('name'), 'Ada'));
  act(() => editor.setField(profilePath('about'), '<p>Hello</p>'));
  expect(reads).toBe(readsOnFirstDraw);

  act(() => editor.setField(titlePath, 'Lantern 🏮'));
  expect(container.textContent).toBe('Lantern 🏮');
  act(() => editor.undo());
  expect(container.textContent).toBe(readItemField(getTemplate(1)!.sample.sections, 'projects', firstProject, 'name'));
});
