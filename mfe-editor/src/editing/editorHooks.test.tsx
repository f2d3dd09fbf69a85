import { act, render } from '@testing-library/react';
import { getTemplate } from '@folioforge/templates';
import { EditorContext, useEditorList } from './editorHooks';
import { PortfolioEditor } from './portfolioEditor';
import { moveSection, profilePath } from './portfolioEdits';

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
