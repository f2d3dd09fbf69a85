import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { TEMPLATES, type TemplateDefinition } from '@folioforge/templates';
import Design from './Design';
import { DESIGN_DRAFT_KEY, readDraftDocument } from '../../drafts/draftStorage';
import { resetDraftFileStoreForTests } from '../../drafts/fileStore';
import { DRAFT_SAVE_DELAY_MS } from '../../drafts/usePortfolioDraft';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { fileOf, installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../../testing/editorTestKit';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const loadRemoteMock = loadRemote as jest.Mock;
const registerRemotesMock = registerRemotes as jest.Mock;

/** A stand-in for mfe-commerce's CheckoutButton: shows what it was given. */
function FakeCheckoutButton({ item, label }: { item: { itemType: string; itemId: number }; label: string }) {
  return (
    <button type="button" data-item={`${item.itemType}:${item.itemId}`}>
      {label}
    </button>
  );
}

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetCheckoutRegistrationForTests();
  installTestRuntimeConfig();
  objectUrls = installObjectUrls();
  loadRemoteMock.mockReset().mockResolvedValue({ default: FakeCheckoutButton });
  registerRemotesMock.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const openDesign = (selectedTemplate?: unknown) =>
  renderAt('/design', <Design />, selectedTemplate === undefined ? undefined : { selectedTemplate });

const form = () => screen.getByRole('form');
const preview = () => screen.getByRole('region', { name: 'Template Preview' });
const textFields = (definition: TemplateDefinition) => definition.fields.filter((field) => field.kind !== 'image' && field.kind !== 'pdf');

/** The form's labels, in document order. */
function formLabels(): string[] {
  return Array.from(form().querySelectorAll('label')).map((label) => label.textContent ?? '');
}

/** The control a field definition drew (by its name attribute, unique per form). */
function control(key: string): HTMLInputElement {
  const element = form().querySelector<HTMLInputElement>(`[name="${key}"]`);
  if (!element) throw new Error(`no control for ${key}`);
  return element;
}

/** A long field's rich text editor (a contenteditable textbox). */
function richControl(key: string): HTMLElement {
  const element = form().querySelector<HTMLElement>(`[data-field="${key}"][contenteditable]`);
  if (!element) throw new Error(`no rich text editor for ${key}`);
  return element;
}

const withoutSpace = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');

describe.each(TEMPLATES.map((definition) => [definition.id, definition] as const))('template %i', (_id, definition) => {
  test('the form is drawn from the definition: title, labels in order, control per kind', async () => {
    openDesign({ id: definition.id });
    expect(screen.getByRole('heading', { name: definition.panelTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Template Preview' })).toBeInTheDocument();
    expect(formLabels()).toEqual(definition.fields.map((field) => field.label));
    for (const field of definition.fields) {
      const element = field.kind === 'longText' ? richControl(field.key) : control(field.key);
      const expected = { text: 'text', longText: 'textbox', email: 'email', phone: 'tel', url: 'url', image: 'file', pdf: 'file' }[
        field.kind
      ];
      expect(element instanceof HTMLInputElement ? element.type : element.getAttribute('role')).toBe(expected);
      if (field.kind === 'image') expect(element).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
      if (field.kind === 'pdf') expect(element).toHaveAttribute('accept', 'application/pdf,.pdf');
      // Every control is named by its label (or its unambiguous accessible label).
      expect(screen.getAllByLabelText(field.accessibleLabel ?? field.label)).toContain(element);
    }
    expect(await screen.findByRole('button', { name: definition.getButtonLabel })).toBeInTheDocument();
  });

  test('every field opens prefilled with the sample values', () => {
    openDesign({ id: definition.id });
    for (const field of textFields(definition)) {
      const sample = definition.sampleValues[field.key] ?? '';
      if (field.kind === 'longText') expect(withoutSpace(richControl(field.key).textContent)).toBe(withoutSpace(sample));
      else expect(control(field.key).value).toBe(sample);
    }
  });

  test('an edit shows in the preview at once', async () => {
    openDesign({ id: definition.id });
    const first = textFields(definition).find((field) => field.kind !== 'longText')!;
    fireEvent.change(control(first.key), { target: { value: 'Brand New Value 42' } });
    expect(within(preview()).getAllByText(/Brand New Value 42/).length).toBeGreaterThan(0);
  });
});

test('values from navigation state win over the sample values (flat and nested records)', () => {
  const { unmount } = openDesign({ id: 1, name: 'Grace Hopper', email: '' });
  expect(control('name').value).toBe('Grace Hopper');
  // Blank keeps the sample: every field opens filled.
  expect(control('email').value).toBe(TEMPLATES[0]!.sampleValues.email);
  unmount();
  openDesign({ id: 2, values: { temp2name: 'Corner Cafe' } });
  expect(screen.getByRole('heading', { name: 'E-Commerce' })).toBeInTheDocument();
  expect(control('temp2name').value).toBe('Corner Cafe');
  expect(within(preview()).getAllByText(/Corner Cafe/).length).toBeGreaterThan(0);
});

test('the selection is dropped from navigation state once used, so a reload keeps the edits', () => {
  openDesign({ id: 4 });
  expect(lastLocation.current?.pathname).toBe('/design');
  expect(lastLocation.current?.state).toBeNull();
});

test('image pickers refuse files that are not images, PDF pickers files that are not PDFs', async () => {
  openDesign({ id: 1 });
  const image = control('image') as HTMLInputElement;
  const resume = control('resume') as HTMLInputElement;
  expect(screen.getByText('Using the sample picture')).toBeInTheDocument();
  expect(screen.getByText('Using the sample resume')).toBeInTheDocument();

  fireEvent.change(image, { target: { files: [fileOf('notes.txt', 'text/plain')] } });
  expect(screen.getByRole('alert')).toHaveTextContent('"notes.txt" is not a PNG, JPEG, GIF or WebP picture');
  expect(image).toHaveAttribute('aria-invalid', 'true');
  // An image type with a non-image extension is refused too: both must agree.
  fireEvent.change(image, { target: { files: [fileOf('photo.exe', 'image/png')] } });
  expect(screen.getByRole('alert')).toHaveTextContent('is not a PNG, JPEG, GIF or WebP picture');

  fireEvent.change(resume, { target: { files: [fileOf('cv.png', 'image/png')] } });
  expect(screen.getAllByRole('alert')[1]).toHaveTextContent('"cv.png" is not a PDF');
  fireEvent.change(resume, { target: { files: [fileOf('cv.pdf', 'text/plain')] } });
  expect(screen.getAllByRole('alert')[1]).toHaveTextContent('is not a PDF');
  expect(objectUrls.created).toEqual([]);

  // A good file clears the message and shows.
  fireEvent.change(image, { target: { files: [fileOf('me.png', 'image/png')] } });
  fireEvent.change(resume, { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  expect(screen.getByText('Chosen: me.png')).toBeInTheDocument();
  expect(preview().querySelector(`img[src="${objectUrls.created[0]}"]`)).not.toBeNull();
});

test("a replaced image's object URL is revoked, and the rest when the screen closes", async () => {
  const { unmount } = openDesign({ id: 1 });
  const image = control('image') as HTMLInputElement;
  fireEvent.change(image, { target: { files: [fileOf('one.png', 'image/png')] } });
  const [first] = objectUrls.created;
  expect(preview().querySelector(`img[src="${first}"]`)).not.toBeNull();
  fireEvent.change(image, { target: { files: [fileOf('two.png', 'image/png')] } });
  const second = objectUrls.created[1]!;
  expect(preview().querySelector(`img[src="${second}"]`)).not.toBeNull();
  expect(objectUrls.revoked).toEqual([first]);
  unmount();
  expect(objectUrls.revoked).toEqual([first, second]);
});

test('opening /design without navigation state (a reload) restores the last template, its values and files', async () => {
  const { unmount } = openDesign({ id: 2 });
  fireEvent.change(control('temp2name'), { target: { value: 'Draft Bakery' } });
  unmount(); // closing the screen flushes the pending save
  const { unmount: unmount2 } = openDesign();
  expect(screen.getByRole('heading', { name: 'E-Commerce' })).toBeInTheDocument();
  expect(control('temp2name').value).toBe('Draft Bakery');
  expect(screen.getByText(/Your last draft of E-Commerce is back/)).toHaveAttribute('role', 'status');
  unmount2();

  // Template 1 with a chosen picture: the file comes back from the draft's file store.
  const third = openDesign({ id: 1 });
  fireEvent.change(control('image'), { target: { files: [fileOf('me.png', 'image/png')] } });
  fireEvent.change(control('name'), { target: { value: 'Grace Hopper' } });
  third.unmount();
  openDesign();
  expect(screen.getByRole('heading', { name: 'Input Section' })).toBeInTheDocument();
  expect(control('name').value).toBe('Grace Hopper');
  expect(await screen.findByText('Chosen: me.png')).toBeInTheDocument();
  const restoredUrl = objectUrls.created.at(-1);
  expect(preview().querySelector(`img[src="${restoredUrl}"]`)).not.toBeNull();
});

test('typing is saved within a moment, once for a burst of keys, not on every key', () => {
  jest.useFakeTimers();
  try {
    openDesign({ id: 1 });
    act(() => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    fireEvent.change(control('name'), { target: { value: 'A' } });
    fireEvent.change(control('name'), { target: { value: 'Ab' } });
    expect(readDraftDocument(DESIGN_DRAFT_KEY).entries['1']?.values.name).not.toBe('Ab');
    act(() => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    const saved = readDraftDocument(DESIGN_DRAFT_KEY);
    expect(saved.lastEntryKey).toBe('1');
    expect(saved.entries['1']?.values.name).toBe('Ab');
    // Typing that never pauses is still saved as it goes, not only once it stops.
    const halfDelay = DRAFT_SAVE_DELAY_MS / 2 + 1;
    for (const value of ['Abc', 'Abcd', 'Abcde']) {
      fireEvent.change(control('name'), { target: { value } });
      act(() => jest.advanceTimersByTime(halfDelay));
    }
    expect(readDraftDocument(DESIGN_DRAFT_KEY).entries['1']?.values.name).toBe('Abcd');
  } finally {
    jest.useRealTimers();
  }
});

test('with no draft at all: template 1 with its sample values and a way to the catalog', () => {
  openDesign();
  expect(screen.getByRole('heading', { name: 'Input Section' })).toBeInTheDocument();
  expect(control('name').value).toBe(TEMPLATES[0]!.sampleValues.name);
  expect(screen.getByRole('link', { name: 'Browse all templates' })).toHaveAttribute('href', '/templates');
});

test("the Get button is the commerce remote's CheckoutButton, registered on this remote's runtime once", async () => {
  openDesign({ id: 2 });
  const button = await screen.findByRole('button', { name: 'Get Temp 2' });
  expect(button).toHaveAttribute('data-item', 'template:2');
  expect(registerRemotesMock).toHaveBeenCalledWith([{ name: 'mfe_commerce', entry: 'http://localhost:3004/mf-manifest.json' }], {
    force: false,
  });
  expect(loadRemoteMock).toHaveBeenCalledWith('mfe_commerce/CheckoutButton');
});

test('when commerce is unreachable the Get button says buying is unavailable, editing goes on, and Try again recovers', async () => {
  loadRemoteMock.mockReset().mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
  openDesign({ id: 1 });
  expect(await screen.findByText('Buying is unavailable right now.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get Temp 1' })).toBeDisabled();

  await userEvent.clear(control('name'));
  await userEvent.type(control('name'), 'Still Editing');
  expect(within(preview()).getAllByText(/Still Editing/).length).toBeGreaterThan(0);

  loadRemoteMock.mockResolvedValueOnce({ default: FakeCheckoutButton });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Get Temp 1' })).toBeEnabled();
  // The retry drops what the runtime cached from the failure.
  expect(registerRemotesMock).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
});

test('a checkout widget that throws while rendering is contained too', async () => {
  loadRemoteMock.mockReset().mockResolvedValue({
    default: () => {
      throw new Error('boom');
    },
  });
  openDesign({ id: 4 });
  expect(await screen.findByText('Buying is unavailable right now.')).toBeInTheDocument();
  fireEvent.change(control('temp4heading'), { target: { value: 'Mugs for everyone' } });
  expect(within(preview()).getAllByText(/Mugs for everyone/).length).toBeGreaterThan(0);
});

test('Reset to sample asks first; Keep my changes keeps them, Yes resets', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1, name: 'Grace Hopper' });
  await user.type(control('name'), '!');
  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  const dialog = screen.getByRole('alertdialog');
  expect(within(dialog).getByRole('button', { name: 'Keep my changes' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(control('name').value).toBe('Grace Hopper!');
  expect(screen.getByRole('button', { name: 'Reset to sample' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
  expect(control('name').value).toBe(TEMPLATES[0]!.sampleValues.name);
  expect(within(preview()).getAllByText(TEMPLATES[0]!.sampleValues.name!).length).toBeGreaterThan(0);
  expect(screen.getByText('The sample values are back.')).toBeInTheDocument();
});

test('Escape closes the reset confirmation', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

test('a typed link that is not http(s), mailto or tel is flagged in the form', () => {
  openDesign({ id: 1 });
  fireEvent.change(control('githublink'), { target: { value: 'javascript:alert(1)' } });
  expect(screen.getByText(/Shown as text, not a link/)).toBeInTheDocument();
  expect(preview().querySelector('a[href^="javascript"]')).toBeNull();
});

test('undo and redo cross fields from the keyboard and the buttons; a reset is one step', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1, name: 'Grace Hopper', email: 'grace@navy.mil' });
  const undoButton = () => screen.getByRole('button', { name: /Undo/ });
  const redoButton = () => screen.getByRole('button', { name: /Redo/ });
  expect(undoButton()).toBeDisabled();

  // One change per field (typing speed on a loaded machine must not split a step in two).
  fireEvent.change(control('name'), { target: { value: 'Grace Hopper Jr' } });
  control('email').focus();
  fireEvent.change(control('email'), { target: { value: 'ada@example.com' } });
  expect(within(preview()).getAllByText('Grace Hopper Jr').length).toBeGreaterThan(0);

  // Ctrl+Z in the email field takes back the email, then (crossing fields) the name.
  await user.keyboard('{Control>}z{/Control}');
  expect(control('email').value).toBe('grace@navy.mil');
  expect(control('email')).toHaveFocus();
  await user.keyboard('{Control>}z{/Control}');
  expect(control('name').value).toBe('Grace Hopper');
  expect(control('name')).toHaveFocus();
  expect(within(preview()).queryAllByText('Grace Hopper Jr')).toHaveLength(0);
  expect(undoButton()).toBeDisabled();

  // Shift+Ctrl+Z and Ctrl+Y redo.
  await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
  expect(control('name').value).toBe('Grace Hopper Jr');
  await user.keyboard('{Control>}y{/Control}');
  expect(control('email').value).toBe('ada@example.com');
  expect(redoButton()).toBeDisabled();

  // The buttons do the same; a reset comes back whole with one undo.
  await user.click(undoButton());
  expect(control('email').value).toBe('grace@navy.mil');
  await user.click(redoButton());
  expect(control('email').value).toBe('ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
  expect(control('name').value).toBe(TEMPLATES[0]!.sampleValues.name);
  await user.click(undoButton());
  expect(control('name').value).toBe('Grace Hopper Jr');
  expect(control('email').value).toBe('ada@example.com');
});

test('an old plain-text draft opens in the rich text fields as text: tags stay visible words, blank lines make paragraphs', () => {
  const sample = TEMPLATES[0]!.sampleValues;
  localStorage.setItem(
    DESIGN_DRAFT_KEY,
    JSON.stringify({
      version: 1,
      lastEntryKey: '1',
      entries: { '1': { values: { ...sample, about: 'I write <b>plain</b> text\n\nSecond paragraph' }, files: {}, updatedAt: 1 } },
    }),
  );
  openDesign();
  const editor = richControl('about');
  expect(Array.from(editor.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['I write <b>plain</b> text', 'Second paragraph']);
  expect(editor.querySelector('b')).toBeNull();
  const shown = within(preview()).getByText('I write <b>plain</b> text');
  expect(shown.tagName).toBe('P');
  expect(preview().querySelector('[data-rich-text] b')).toBeNull();
});
