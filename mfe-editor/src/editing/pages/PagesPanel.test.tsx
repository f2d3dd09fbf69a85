import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetLoadedRegionsForTests } from '@folioforge/shared';
import { getTemplate, SITE_LIMITS } from '@folioforge/templates';
import Design from '../../screens/Design/Design';
import { readDeviceDrafts, writeDeviceDraft } from '../../drafts/deviceDrafts';
import { DRAFT_SAVE_DELAY_MS } from '../../drafts/draftTarget';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../../testing/editorTestKit';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));
// The whole editor screen, typed into: slower than a unit's default 5 s on a busy machine.
jest.setTimeout(40_000);

function FakeCheckoutButton({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetCheckoutRegistrationForTests();
  forgetLoadedRegionsForTests();
  installTestRuntimeConfig();
  installObjectUrls();
  (loadRemote as jest.Mock).mockReset().mockResolvedValue({ default: FakeCheckoutButton });
  (registerRemotes as jest.Mock).mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  if (!process.env.SHOW_ERRORS) jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const pagesPanel = () => screen.getByRole('region', { name: 'Pages' });
const inPanel = () => within(pagesPanel());
const form = () => screen.getByRole('form', { name: / details$/ });
const preview = () => screen.getByRole('region', { name: 'Template Preview' });
/** The pages in the panel's order, by their Edit buttons. */
const pageOrder = () =>
  inPanel()
    .getAllByRole('button', { name: /^Edit / })
    .map((button) => button.textContent?.replace(' · editing', ''));

/** Adds a page through the panel, by typing its name. */
function addPage(name: string) {
  fireEvent.change(inPanel().getByLabelText("New page's name"), { target: { value: name } });
  fireEvent.click(inPanel().getByRole('button', { name: 'Add page' }));
}

test('a page added by its name gets an address from it, is edited at once, shows in the navigation and in the address bar', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  await user.type(inPanel().getByLabelText("New page's name"), 'Case Studies{Enter}');
  expect(inPanel().getByRole('button', { name: 'Edit Case Studies' })).toHaveAttribute('aria-pressed', 'true');
  expect(inPanel().getByRole('button', { name: 'Edit Home' })).toHaveAttribute('aria-pressed', 'false');
  expect(inPanel().getByLabelText('Address of page 2')).toHaveValue('case-studies');
  expect(inPanel().getByLabelText("New page's name")).toHaveValue('');
  // The form edits the new page: its sections, none yet.
  expect(within(form()).getByRole('group', { name: 'Sections of “Case Studies”' })).toBeInTheDocument();
  expect(within(form()).queryByRole('region', { name: /^Projects/ })).not.toBeInTheDocument();
  const nav = within(preview()).getByRole('navigation', { name: /pages$/ });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Home', 'Case Studies']);
  expect(within(nav).getByRole('link', { name: 'Case Studies' })).toHaveAttribute('aria-current', 'page');
  expect(new URLSearchParams(lastLocation.current?.search).get('page')).toMatch(/.+/);
  // An empty name is refused beside the field.
  await user.click(inPanel().getByRole('button', { name: 'Add page' }));
  expect(inPanel().getByLabelText("New page's name")).toHaveAccessibleDescription('Give the page a name.');
  expect(pageOrder()).toEqual(['Edit Home', 'Edit Case Studies']);
});

test('a renamed page keeps its address; a bad address is explained beside the field and kept as typed, a good one keeps the old as a redirect', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  addPage('Talks');
  const name = inPanel().getByLabelText('Name of page 2');
  await user.clear(name);
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Give the page a name.');
  await user.type(name, 'Conference talks');
  expect(inPanel().getByRole('button', { name: 'Edit Conference talks' })).toBeInTheDocument();
  const address = inPanel().getByLabelText('Address of page 2');
  expect(address).toHaveValue('talks');

  await user.clear(address);
  await user.type(address, 'Big Talks');
  expect(address).toHaveAttribute('aria-invalid', 'true');
  expect(address).toHaveAccessibleDescription(/^An address uses only a-z, 0-9 and single dashes between them/);
  await user.tab();
  expect(address).toHaveValue('Big Talks');
  expect(inPanel().getByText('The page is at …/talks/ of the site.')).toBeInTheDocument();

  await user.clear(address);
  await user.type(address, 'blog');
  expect(address).toHaveAccessibleDescription(/^“blog” is an address the site uses itself; choose another\./);

  await user.clear(address);
  await user.type(address, 'speaking{Enter}');
  expect(address).not.toHaveAttribute('aria-invalid');
  expect(address).toHaveAccessibleDescription('The page is at …/speaking/ of the site. Its old address …/talks/ leads here.');
  // In the preview, each link of the navigation is the editor at that page: opened in a new tab, it is that.
  const nav = within(preview()).getByRole('navigation', { name: /pages$/ });
  const pageId = new URLSearchParams(lastLocation.current?.search).get('page');
  expect(within(nav).getByRole('link', { name: 'Conference talks' })).toHaveAttribute('href', `/design?page=${pageId}`);
  expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/design');
});

test('pages are reordered by keyboard; focus stays on the moved page, on the other button once at the end', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  addPage('Alpha');
  addPage('Beta');
  addPage('Gamma');
  inPanel().getByRole('button', { name: 'Move Gamma up' }).focus();
  await user.keyboard('{Enter}');
  expect(pageOrder()).toEqual(['Edit Home', 'Edit Alpha', 'Edit Gamma', 'Edit Beta']);
  expect(inPanel().getByRole('button', { name: 'Move Gamma up' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(pageOrder()).toEqual(['Edit Home', 'Edit Gamma', 'Edit Alpha', 'Edit Beta']);
  // First among the pages: it cannot go up, the focus is on Down.
  expect(inPanel().getByRole('button', { name: 'Move Gamma up' })).toBeDisabled();
  expect(inPanel().getByRole('button', { name: 'Move Gamma down' })).toHaveFocus();
  await user.keyboard(' ');
  expect(pageOrder()).toEqual(['Edit Home', 'Edit Alpha', 'Edit Gamma', 'Edit Beta']);
  expect(inPanel().getByRole('button', { name: 'Move Gamma down' })).toHaveFocus();
  expect(
    within(within(preview()).getByRole('navigation', { name: /pages$/ }))
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Home', 'Alpha', 'Gamma', 'Beta']);
});

test('only the page being edited shows its settings; the others are one line with their address, and a duplicate is edited at once', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  addPage('Talks');
  addPage('Menu');
  // Menu is edited: its settings are there, Talks' are not; Talks says where it is.
  expect(inPanel().getByLabelText('Name of page 3')).toHaveValue('Menu');
  expect(inPanel().queryByLabelText('Name of page 2')).not.toBeInTheDocument();
  const talksRow = inPanel().getByRole('button', { name: 'Edit Talks' }).closest('li')!;
  expect(talksRow).toHaveTextContent(/At …\/talks\/$/);
  await user.click(inPanel().getByRole('checkbox', { name: 'Show Menu in the navigation' }));
  await user.click(inPanel().getByRole('button', { name: 'Edit Talks' }));
  expect(inPanel().getByLabelText('Name of page 2')).toHaveValue('Talks');
  expect(inPanel().queryByLabelText('Name of page 3')).not.toBeInTheDocument();
  expect(inPanel().getByRole('button', { name: 'Edit Menu' }).closest('li')).toHaveTextContent(/At …\/menu\/ · not in the navigation$/);
  // A duplicate is the page edited next, its name ready to type.
  await user.click(inPanel().getByRole('button', { name: 'Duplicate Talks' }));
  expect(inPanel().getByRole('button', { name: 'Edit Talks (copy)' })).toHaveAttribute('aria-pressed', 'true');
  expect(inPanel().getByLabelText('Name of page 3')).toHaveFocus();
  expect(inPanel().getByLabelText('Address of page 3')).toHaveValue('talks-copy');
});

test('a removed page comes back with its Undo, and with Ctrl+Z; a page left out of the navigation is still edited', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  addPage('Talks');
  await user.click(within(form()).getByRole('button', { name: 'Add section' }));
  const sectionTitle = within(form()).getByRole('textbox', { name: 'Skills section title' });
  await user.clear(sectionTitle);
  await user.type(sectionTitle, 'Topics');
  await user.click(inPanel().getByRole('button', { name: 'Remove Talks' }));
  expect(inPanel().queryByRole('button', { name: 'Edit Talks' })).not.toBeInTheDocument();
  expect(inPanel().getByRole('button', { name: 'Edit Home' })).toHaveAttribute('aria-pressed', 'true');
  expect(inPanel().getByText(/Removed the page “Talks”\./)).toBeInTheDocument();
  expect(inPanel().getByRole('button', { name: 'Undo' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(inPanel().getByRole('button', { name: 'Edit Talks' })).toHaveFocus();
  expect(inPanel().queryByText(/Removed the page/)).not.toBeInTheDocument();
  await user.click(inPanel().getByRole('button', { name: 'Edit Talks' }));
  expect(within(form()).getByRole('textbox', { name: 'Topics section title' })).toHaveValue('Topics');

  await user.click(inPanel().getByRole('button', { name: 'Remove Talks' }));
  await user.keyboard('{Control>}z{/Control}');
  await user.click(inPanel().getByRole('button', { name: 'Edit Talks' }));

  await user.click(inPanel().getByRole('checkbox', { name: 'Show Talks in the navigation' }));
  expect(within(preview()).queryByRole('navigation', { name: /pages$/ })).not.toBeInTheDocument();
  expect(inPanel().getByRole('checkbox', { name: 'Show Talks in the navigation' })).not.toBeChecked();
});

test(`with ${SITE_LIMITS.pages} pages besides Home, Add page and Duplicate say the site is full`, async () => {
  // A draft of one page short of full, as a reload opens it.
  const sample = getTemplate(1)!.sample;
  const pages = Array.from({ length: SITE_LIMITS.pages - 1 }, (_, index) => ({
    id: `page-${index + 1}`,
    slug: `page-${index + 1}`,
    title: `Page ${index + 1}`,
    inNavigation: true,
    sections: [],
  }));
  writeDeviceDraft({ id: 'design-full', templateId: '1', portfolio: { ...sample, pages } });
  renderAt('/design', <Design />);
  expect(inPanel().getByRole('button', { name: 'Add page' })).toBeEnabled();
  fireEvent.click(inPanel().getByRole('button', { name: 'Duplicate Page 1' }));
  expect(inPanel().getByRole('button', { name: 'Edit Page 1 (copy)' })).toBeInTheDocument();
  expect(inPanel().getByLabelText('Address of page 3')).toHaveValue('page-1-copy');
  const add = inPanel().getByRole('button', { name: 'Add page' });
  expect(add).toBeDisabled();
  expect(add).toHaveAccessibleDescription('A site holds at most 20 pages besides its home page. Remove one to add another.');
  expect(inPanel().getByRole('button', { name: 'Duplicate Page 2' })).toBeDisabled();
  fireEvent.click(inPanel().getByRole('button', { name: 'Remove Page 2' }));
  await waitFor(() => expect(inPanel().getByRole('button', { name: 'Add page' })).toBeEnabled());
});

test("choosing a page shows its sections in the form and the preview; Home's come back; the choice outlives a reload and a template switch", async () => {
  const { unmount } = renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  expect(within(form()).getByRole('region', { name: /^Projects/ })).toBeInTheDocument();
  addPage('Talks');
  await user.click(within(form()).getByRole('button', { name: 'Add section' }));
  const title = within(form()).getByRole('textbox', { name: 'Skills section title' });
  await user.clear(title);
  await user.type(title, 'Conference talks');
  expect(within(preview()).getByRole('heading', { name: 'Conference talks' })).toBeInTheDocument();
  expect(within(preview()).queryByRole('heading', { name: 'Projects' })).not.toBeInTheDocument();

  await user.click(inPanel().getByRole('button', { name: 'Edit Home' }));
  expect(within(form()).getByRole('group', { name: 'Sections' })).toBeInTheDocument();
  expect(within(form()).getByRole('region', { name: /^Projects/ })).toBeInTheDocument();
  expect(within(form()).queryByRole('region', { name: /^Conference talks/ })).not.toBeInTheDocument();
  expect(within(preview()).queryByRole('heading', { name: 'Conference talks' })).not.toBeInTheDocument();
  expect(new URLSearchParams(lastLocation.current?.search).has('page')).toBe(false);

  // The preview's navigation opens a page in the editor.
  await user.click(within(within(preview()).getByRole('navigation', { name: /pages$/ })).getByRole('link', { name: 'Talks' }));
  expect(inPanel().getByRole('button', { name: 'Edit Talks' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(form()).getByRole('region', { name: /^Conference talks/ })).toBeInTheDocument();
  const pageId = new URLSearchParams(lastLocation.current?.search).get('page');
  expect(pageId).toMatch(/.+/);

  // The page's own title for search engines; Home's stays its own.
  const pageTitle = within(form()).getByLabelText('Page title');
  expect(pageTitle).toHaveAccessibleDescription(/^Empty: the page uses its name and yours, “Talks · /);
  fireEvent.change(pageTitle, { target: { value: 'Talks by me' } });
  await user.click(inPanel().getByRole('button', { name: 'Edit Home' }));
  expect(within(form()).getByLabelText('Page title')).toHaveValue('');
  await user.click(inPanel().getByRole('button', { name: 'Edit Talks' }));
  expect(within(form()).getByLabelText('Page title')).toHaveValue('Talks by me');

  // Another template shows the same pages.
  await user.selectOptions(screen.getByLabelText('Template'), '2');
  expect(pageOrder()).toEqual(['Edit Home', 'Edit Talks']);
  expect(within(form()).getByRole('region', { name: /^Conference talks/ })).toBeInTheDocument();

  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50));
  });
  expect(Object.values(readDeviceDrafts().drafts).some((draft) => draft.portfolio.pages?.[0]?.id === pageId)).toBe(true);
  unmount();
  renderAt(`/design?page=${pageId}`, <Design />);
  expect(await screen.findByRole('button', { name: 'Edit Talks' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(form()).getByRole('region', { name: /^Conference talks/ })).toBeInTheDocument();
});

test('a section’s link chosen as a page shows the page’s new name after a rename, and says so when the page is removed', async () => {
  renderAt('/design', <Design />, { selectedTemplate: { id: 1 } });
  const user = userEvent.setup();
  addPage('Talks');
  await user.click(inPanel().getByRole('button', { name: 'Edit Home' }));
  const leadsTo = () => within(form()).getByRole('combobox', { name: 'Project 1 url leads to' });
  await user.selectOptions(leadsTo(), 'Talks');
  expect(within(form()).queryByRole('textbox', { name: 'Project 1 url' })).not.toBeInTheDocument();

  await user.click(inPanel().getByRole('button', { name: 'Edit Talks' }));
  const name = inPanel().getByLabelText('Name of page 2');
  await user.clear(name);
  await user.type(name, 'Conference talks');
  await user.click(inPanel().getByRole('button', { name: 'Edit Home' }));
  expect(leadsTo()).toHaveDisplayValue('Conference talks');

  await user.click(inPanel().getByRole('button', { name: 'Remove Conference talks' }));
  expect(leadsTo()).toHaveDisplayValue('A removed page');
  expect(leadsTo()).toHaveAccessibleDescription('This link led to a page that was removed: choose another page or type an address.');
});
