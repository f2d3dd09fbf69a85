// The Pages panel's "Ask for the site's password" (issue 49; Pro and Premium): a page is put behind
// the password, or opened again, as one undoable step; on another plan, or signed out, it cannot be
// ticked and says why beside it, but a page already behind it can still be opened.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { getTemplate, type Portfolio } from '@folioforge/templates';
import { EditorContext } from '../editorHooks';
import { PortfolioEditor } from '../portfolioEditor';
import { PagesPanel } from './PagesPanel';

/** The panel with `pages`, the first of them being edited (only its settings are shown). */
function openPanel(passwordAllowed: boolean | undefined, pages: Portfolio['pages']) {
  const portfolio: Portfolio = { ...getTemplate(1)!.sample, pages };
  const editor = new PortfolioEditor({ templateId: '1', portfolio });
  editor.showPage(pages![0]!.id);
  render(
    <MemoryRouter>
      <EditorContext.Provider value={editor}>
        <PagesPanel passwordAllowed={passwordAllowed} />
      </EditorContext.Provider>
    </MemoryRouter>,
  );
  return editor;
}

const page = (id: string, title: string, extra: Partial<NonNullable<Portfolio['pages']>[number]> = {}) => ({
  id,
  slug: title.toLowerCase(),
  title,
  inNavigation: true,
  sections: [],
  ...extra,
});

const toggle = (name: string) => screen.getByRole('checkbox', { name: `Ask for the site's password on ${name}` });

test('on Pro or Premium a page goes behind the password, said beside it, and Undo opens it again', async () => {
  const user = userEvent.setup();
  const editor = openPanel(true, [page('pg_clients1', 'Clients')]);
  expect(toggle('Clients')).not.toBeChecked();
  expect(toggle('Clients')).toHaveAccessibleDescription(/Its link stays in the navigation and leads to the password form/);
  await user.click(toggle('Clients'));
  expect(editor.portfolio.pages?.[0]?.protected).toBe(true);
  expect(toggle('Clients')).toBeChecked();
  act(() => editor.undo());
  expect(await screen.findByRole('checkbox', { name: "Ask for the site's password on Clients", checked: false })).toBeTruthy();
  expect(editor.portfolio.pages?.[0]).not.toHaveProperty('protected');
});

test('on another plan it cannot be ticked, says which plans have it and links to them', () => {
  openPanel(false, [page('pg_clients1', 'Clients')]);
  expect(toggle('Clients')).toBeDisabled();
  expect(toggle('Clients')).toHaveAccessibleDescription('Pages behind a password come with the Pro and Premium plans. See the plans');
  const row = toggle('Clients').closest('li')!;
  expect(within(row as HTMLElement).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
});

test('signed out it says to sign in; a page protected before can still be opened to everyone', async () => {
  const user = userEvent.setup();
  const editor = openPanel(undefined, [page('pg_clients1', 'Clients', { protected: true }), page('pg_menu0001', 'Menu')]);
  expect(toggle('Clients')).toBeEnabled();
  await user.click(toggle('Clients'));
  expect(editor.portfolio.pages?.[0]?.protected).toBeUndefined();
  expect(toggle('Clients')).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Edit Menu' }));
  expect(toggle('Menu')).toBeDisabled();
  expect(toggle('Menu')).toHaveAccessibleDescription(/sign in to use them/);
});
