import { act, render, screen } from '@testing-library/react';
import { getTemplate } from '@folioforge/templates';
import { EditorContext } from './editorHooks';
import { PortfolioEditor } from './portfolioEditor';
import { socialPath } from './portfolioEdits';
import { CHECK_DELAY_MS, ProblemsNotice } from './ProblemsNotice';

function openEditor() {
  const sample = getTemplate(1)!.sample;
  const [first, ...others] = sample.socials;
  // A portfolio saved with a link the page cannot carry.
  const portfolio = { ...sample, socials: [{ ...first!, url: 'javascript:alert(1)' }, ...others] };
  const editor = new PortfolioEditor({ templateId: '1', portfolio });
  render(
    <EditorContext.Provider value={editor}>
      <ProblemsNotice />
    </EditorContext.Provider>,
  );
  return { editor, linkPath: socialPath(first!.id, 'url') };
}

test('what a portfolio opened with cannot publish is said as the screen settles, and goes once fixed', async () => {
  const { editor, linkPath } = openEditor();
  // The schema is built in slices after the screen is drawn: the notice follows shortly.
  expect(await screen.findByText('To fix before this page can be published:')).toBeTruthy();
  expect(screen.getByText('Social link 1: enter a link starting with https://, mailto: or tel:')).toBeTruthy();
  act(() => editor.setField(linkPath, 'https://example.com/aarav'));
  await act(() => new Promise((resolve) => setTimeout(resolve, CHECK_DELAY_MS + 50)));
  expect(screen.queryByText('To fix before this page can be published:')).toBeNull();
  expect(screen.getByRole('status', { hidden: true }).hidden).toBe(true);
});
