import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetLoadedRegionsForTests } from '@folioforge/shared';
import { TEMPLATES } from '@folioforge/templates';
import Design from './Design';
import { DRAFTS_KEY, LEGACY_DESIGN_KEY, readDeviceDrafts } from '../../drafts/deviceDrafts';
import { DRAFT_SAVE_DELAY_MS } from '../../drafts/draftTarget';
import { resetDraftFileStoreForTests } from '../../portfolios/fileStore';
import { resetCheckoutRegistrationForTests } from '../../commerce/loadCheckoutButton';
import { fileOf, getFieldLabelled, installObjectUrls, installTestRuntimeConfig, lastLocation, renderAt } from '../../testing/editorTestKit';
import { finishPreparing, holdPreparing, photoOf } from '../../testing/fakeImagePreparer';
import { deviceFile } from '../../portfolios/deviceFiles';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('../../images/loadImagePreparer', () => jest.requireActual('../../testing/fakeImagePreparer'));
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
  forgetLoadedRegionsForTests();
  installTestRuntimeConfig();
  objectUrls = installObjectUrls();
  loadRemoteMock.mockReset().mockResolvedValue({ default: FakeCheckoutButton });
  registerRemotesMock.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  if (!process.env.SHOW_ERRORS) jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const openDesign = (selectedTemplate?: unknown) =>
  renderAt('/design', <Design />, selectedTemplate === undefined ? undefined : { selectedTemplate });

const form = () => screen.getByRole('form', { name: / details$/ });
const preview = () => screen.getByRole('region', { name: 'Template Preview' });

/** The form's labels, in document order (the profile's first: the spec's own). */
const formLabels = () => Array.from(form().querySelectorAll('label')).map((label) => label.textContent ?? '');

const field = (name: string) => getFieldLabelled(form(), name) as HTMLInputElement;
/** A long field: its text until opened, the editor once focused. */
const longField = (name: string) => within(form()).getByRole('textbox', { name });
const section = (name: string) => within(form()).getByRole('region', { name: new RegExp(`^${name}`) });

test("template 1 opens with the spec's labels and content: Name, Email, Description, About, Address, Project 1 Title …, the five socials, Get Temp 1", async () => {
  openDesign({ id: 1 });
  expect(screen.getByRole('heading', { name: 'Input Section' })).toBeInTheDocument();
  const labels = formLabels();
  expect(labels.slice(0, 5)).toEqual(['Name', 'Email', 'Description', 'About', 'Address']);
  expect(labels).toEqual(expect.arrayContaining(['Image', 'Resume', 'Project 1 Title', 'Description', 'URL', 'Project 2 Title']));
  for (const network of ['Facebook', 'Instagram', 'Twitter', 'GitHub', 'LinkedIn']) expect(labels).toContain(network);
  // The sample's text, as placeholders to replace.
  expect(field('Name')).toHaveAttribute('placeholder', 'Aarav Mehta');
  expect(field('Project 1 Title')).toHaveAttribute('placeholder', 'Trailmix');
  expect(longField('Project 1 description')).toHaveTextContent('A trip planner');
  expect(field('Profile image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
  expect(field('Resume (PDF)')).toHaveAttribute('accept', 'application/pdf,.pdf');
  expect(await screen.findByRole('button', { name: 'Get Temp 1' })).toHaveAttribute('data-item', 'template:1');
});

test("opened by Use Template, whose button went with the page, the editor's heading takes the focus from <body>", async () => {
  expect(document.activeElement).toBe(document.body);
  openDesign({ id: 1 });
  expect(screen.getByRole('heading', { level: 1, name: 'Design your page' })).toHaveFocus();
  // A field the visitor is in keeps the focus when the screen draws again.
  await userEvent.click(field('Name'));
  expect(field('Name')).toHaveFocus();
});

test.each(TEMPLATES.map((template) => [template.id, template] as const))(
  'template %i: its panel, its labels, an edit shows in the preview at once',
  (id, template) => {
    openDesign({ id });
    expect(screen.getByRole('heading', { name: template.panelTitle })).toBeInTheDocument();
    for (const [, label] of Object.entries(template.labels ?? {})) expect(formLabels()).toContain(label);
    const name = within(form()).getAllByRole('textbox')[0] as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Brand New Value 42' } });
    expect(within(preview()).getAllByText(/Brand New Value 42/).length).toBeGreaterThan(0);
  },
);

test('the selection is dropped from navigation state once used, so a reload keeps the edits', () => {
  openDesign({ id: 4 });
  expect(lastLocation.current?.pathname).toBe('/design');
  expect(lastLocation.current?.state).toBeNull();
});

test('details from the collection popup fill the profile and the networks', () => {
  openDesign({ id: 2, details: { name: 'Corner Cafe', github: 'https://github.com/cafe' } });
  expect(screen.getByRole('heading', { name: 'E-Commerce' })).toBeInTheDocument();
  expect(field('Name').value).toBe('Corner Cafe');
  expect(within(preview()).getAllByText(/Corner Cafe/).length).toBeGreaterThan(0);
  expect(field('GitHub').value).toBe('https://github.com/cafe');
});

test('projects are added, moved, hidden and removed, with Undo; the preview follows in order', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  const projects = () => section('Projects');
  await user.click(within(projects()).getByRole('button', { name: 'Add project' }));
  expect(field('Project 3 Title')).toHaveFocus();
  await user.keyboard('Third');
  await user.click(within(projects()).getByRole('button', { name: 'Add project' }));
  await user.keyboard('Fourth');
  const shownProjects = () =>
    Array.from(preview().querySelectorAll('[data-section-id="projects"] h3')).map((heading) => heading.textContent);
  expect(shownProjects()).toEqual(['Trailmix', 'Paper Lantern', 'Third', 'Fourth']);

  for (let n = 0; n < 3; n += 1) await user.click(within(projects()).getAllByRole('button', { name: /^Move Project \d up$/ })[3 - n]!);
  expect(shownProjects()).toEqual(['Fourth', 'Trailmix', 'Paper Lantern', 'Third']);
  expect(field('Project 1 Title').value).toBe('Fourth');
  expect(screen.getByText(/Moved Project 2 to position 1 of 4/)).toBeInTheDocument();

  await user.click(within(section('Education')).getByRole('button', { name: 'Hide Education' }));
  expect(within(section('Education')).getByRole('button', { name: 'Hide Education' })).toHaveAttribute('aria-pressed', 'true');
  expect(preview().querySelector('[data-section-id="education"]')).toBeNull();

  await user.click(within(projects()).getByRole('button', { name: 'Remove Project 4' }));
  expect(shownProjects()).toEqual(['Fourth', 'Trailmix', 'Paper Lantern']);
  await user.click(screen.getByRole('button', { name: /Undo/ }));
  expect(shownProjects()).toEqual(['Fourth', 'Trailmix', 'Paper Lantern', 'Third']);
  await user.click(screen.getByRole('button', { name: /Undo/ }));
  expect(preview().querySelector('[data-section-id="education"]')).not.toBeNull();
}, 30_000);

test('a list of more than two items opens as their names; opening one edits it, and Undo into a closed one opens it', async () => {
  const user = userEvent.setup();
  const { unmount } = openDesign({ id: 1 });
  const projects = () => section('Projects');
  for (const title of ['Third', 'Fourth']) {
    await user.click(within(projects()).getByRole('button', { name: 'Add project' }));
    // Added while the form is open: it opens at once, its first field focused.
    expect(field(`Project ${title === 'Third' ? 3 : 4} Title`)).toHaveFocus();
    await user.keyboard(title);
  }
  await waitFor(() => expect(Object.values(readDeviceDrafts().drafts)[0]?.portfolio.sections[0]?.items).toHaveLength(4));
  unmount();

  openDesign();
  const toggles = within(projects()).getAllByRole('button', { expanded: false });
  expect(toggles.map((toggle) => toggle.textContent)).toEqual([
    'Project 1Trailmix',
    'Project 2Paper Lantern',
    'Project 3Third',
    'Project 4Fourth',
  ]);
  expect(within(projects()).queryByLabelText('Project 3 Title')).toBeNull();
  // The page still shows every project.
  expect(Array.from(preview().querySelectorAll('[data-section-id="projects"] h3')).map((heading) => heading.textContent)).toEqual([
    'Trailmix',
    'Paper Lantern',
    'Third',
    'Fourth',
  ]);
  // Two items or fewer stay open, as the spec's screen has them.
  expect(within(section('Education')).queryAllByRole('button', { expanded: false })).toEqual([]);

  await user.click(within(projects()).getByRole('button', { name: /^Project 3/ }));
  expect(within(projects()).getByRole('button', { name: /^Project 3/ })).toHaveAttribute('aria-expanded', 'true');
  await user.click(field('Project 3 Title'));
  await user.keyboard(' Harbour');
  expect(field('Project 3 Title').value).toBe('Third Harbour');
  await user.click(within(projects()).getByRole('button', { name: /^Project 3/ }));
  expect(within(projects()).queryByLabelText('Project 3 Title')).toBeNull();
  expect(within(projects()).getByRole('button', { name: 'Project 3 Third Harbour' })).toHaveAttribute('aria-expanded', 'false');

  // Focus is on the closed item's name: Ctrl+Z there opens it and puts the caret back in the field.
  expect(within(projects()).getByRole('button', { name: 'Project 3 Third Harbour' })).toHaveFocus();
  await user.keyboard('{Control>}z{/Control}');
  expect(field('Project 3 Title').value).toBe('Third');
  expect(field('Project 3 Title')).toHaveFocus();
}, 30_000);

test('a Skills section is added at the end, with a skill to type; the page shows it', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  await user.selectOptions(within(form()).getByLabelText('New section'), 'Skills');
  await user.click(within(form()).getByRole('button', { name: 'Add section' }));
  expect(field('Skills section title')).toHaveFocus();
  await user.click(within(section('Skills')).getByLabelText('Skill 1 Name'));
  await user.keyboard('TypeScript');
  expect(within(preview()).getByRole('heading', { name: 'Skills' })).toBeInTheDocument();
  expect(within(preview()).getByText('TypeScript')).toBeInTheDocument();
});

test('switching template keeps every text, and switching back restores the look', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  fireEvent.change(field('Name'), { target: { value: 'Kabir Rao' } });
  await user.selectOptions(within(form().parentElement!).getByLabelText('Template'), 'Professional Portfolio Template');
  expect(screen.getByRole('heading', { name: 'Professional Portfolio' })).toBeInTheDocument();
  expect(within(preview()).getByRole('checkbox', { name: /Dark mode/ })).toBeInTheDocument();
  expect(field('Name').value).toBe('Kabir Rao');
  expect(within(preview()).getAllByText('Kabir Rao').length).toBeGreaterThan(0);
  expect(within(preview()).getByText('Trailmix')).toBeInTheDocument();
  await user.selectOptions(within(form().parentElement!).getByLabelText('Template'), 'Personal Portfolio Template');
  expect(within(preview()).getByText("Hey there I'm")).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Get Temp 1' })).toBeInTheDocument();
});

test('pickers refuse files that are not pictures or PDFs; a chosen picture shows at once and is kept for a reload', async () => {
  const { unmount } = openDesign({ id: 1 });
  const image = field('Profile image');
  const resume = field('Resume (PDF)');
  expect(screen.getByText('Using the sample picture')).toBeInTheDocument();
  fireEvent.change(image, { target: { files: [fileOf('notes.txt', 'text/plain')] } });
  expect(screen.getByRole('alert')).toHaveTextContent('"notes.txt" is not a PNG, JPEG, GIF or WebP picture');
  fireEvent.change(image, { target: { files: [fileOf('photo.exe', 'image/png')] } });
  expect(screen.getByRole('alert')).toHaveTextContent('is not a PNG, JPEG, GIF or WebP picture');
  fireEvent.change(resume, { target: { files: [fileOf('cv.png', 'image/png')] } });
  expect(screen.getAllByRole('alert')[1]).toHaveTextContent('"cv.png" is not a PDF');
  expect(objectUrls.created).toEqual([]);

  fireEvent.change(image, { target: { files: [fileOf('me.png', 'image/png')] } });
  expect(screen.queryAllByRole('alert')).toHaveLength(1);
  expect(await screen.findByText('Chosen: me.png, kept on this device until you log in')).toBeInTheDocument();
  expect(preview().querySelector(`img[src="${objectUrls.created[0]}"]`)).not.toBeNull();
  await act(async () => undefined);
  unmount();

  // A reload: the draft names the file on this device, and it shows again (never "the sample").
  openDesign();
  expect(await screen.findByText('Chosen: me.png')).toBeInTheDocument();
  expect(screen.queryByText('Using the sample picture')).toBeNull();
  expect(preview().querySelector(`img[src="${objectUrls.created.at(-1)}"]`)).not.toBeNull();

  // The resume picker takes a PDF: no refusal, and the field says it holds it.
  fireEvent.change(field('Resume (PDF)'), { target: { files: [fileOf('resume.pdf', 'application/pdf')] } });
  expect(await screen.findByText(/^Chosen: resume\.pdf/)).toBeInTheDocument();
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
});

test("a phone's 5 MB photo is taken: resized here with progress, the saving said beside the field, the lighter file kept", async () => {
  openDesign({ id: 1 });
  const image = field('Profile image');
  expect(image).toHaveAccessibleDescription(/^PNG, JPEG or WebP photo up to 40 MB/);
  holdPreparing();
  fireEvent.change(image, { target: { files: [photoOf('IMG_4032.jpg', 'image/jpeg', 5_033_164)] } });
  const progress = await screen.findByRole('progressbar', { name: 'Resizing of IMG_4032.jpg' });
  expect(progress).toHaveAttribute('value', '0.4');
  expect(screen.getByText('Resizing IMG_4032.jpg for the web… 40%')).toBeInTheDocument();
  // The photo shows at once, before it is ready.
  expect(preview().querySelector(`img[src="${objectUrls.created[0]}"]`)).not.toBeNull();
  await act(async () => finishPreparing());
  expect(await screen.findByText('Resized for the web: 4.8 MB → 310 KB')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  const photoOfDraft = () => Object.values(readDeviceDrafts().drafts)[0]?.portfolio.profile.photo ?? '';
  await waitFor(() => expect(photoOfDraft()).toMatch(/^device:/));
  const ref = photoOfDraft();
  await waitFor(async () => expect((await deviceFile(ref))?.size).toBe(310 * 1024));
  expect((await deviceFile(ref))?.type).toBe('image/webp');
}, 20_000);

test('a picture that cannot be read, or one too large to open, is refused beside the field and the sample stays', async () => {
  openDesign({ id: 1 });
  const image = field('Profile image');
  fireEvent.change(image, { target: { files: [photoOf('damaged.jpg', 'image/jpeg', 2000)] } });
  expect(await screen.findByRole('alert')).toHaveTextContent(
    '"damaged.jpg": The picture could not be read: it may be damaged, or in a format this browser does not open.',
  );
  expect(image).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Using the sample picture')).toBeInTheDocument();
  fireEvent.change(image, { target: { files: [photoOf('panorama.jpg', 'image/jpeg', 41 * 1024 * 1024)] } });
  expect(screen.getByRole('alert')).toHaveTextContent('"panorama.jpg" is too large to prepare here (over 40 MB)');
  fireEvent.change(image, { target: { files: [photoOf('party.gif', 'image/gif', 6 * 1024 * 1024)] } });
  expect(screen.getByRole('alert')).toHaveTextContent('"party.gif" is larger than 5 MB. Choose a smaller file.');
});

test('opening /design without navigation state (a reload) reopens the last draft, as left, with a way to start a new one', () => {
  const { unmount } = openDesign({ id: 2 });
  fireEvent.change(field('Name'), { target: { value: 'Draft Bakery' } });
  // The preview follows the typing at once, before any save.
  expect(within(preview()).getAllByText('Draft Bakery').length).toBeGreaterThan(0);
  unmount(); // closing the screen flushes the pending save
  openDesign();
  expect(screen.getByRole('heading', { name: 'E-Commerce' })).toBeInTheDocument();
  expect(field('Name').value).toBe('Draft Bakery');
  expect(within(preview()).getAllByText('Draft Bakery').length).toBeGreaterThan(0);
  expect(screen.getByText(/Your draft of E-Commerce is back/)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('button', { name: 'Start a new one' })).toBeInTheDocument();
});

test('Use Template twice continues the same draft, never a second one', () => {
  const first = openDesign({ id: 3 });
  fireEvent.change(field('Name'), { target: { value: 'Meera Again' } });
  first.unmount();
  openDesign({ id: 3 });
  expect(field('Name').value).toBe('Meera Again');
  expect(Object.values(readDeviceDrafts().drafts).filter((draft) => draft.templateId === '3')).toHaveLength(1);
});

test('typing is saved within a moment, once for a burst of keys, not on every key', () => {
  jest.useFakeTimers();
  try {
    openDesign({ id: 1 });
    act(() => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    const savedName = () => Object.values(readDeviceDrafts().drafts)[0]?.portfolio.profile.name;
    fireEvent.change(field('Name'), { target: { value: 'A' } });
    fireEvent.change(field('Name'), { target: { value: 'Ab' } });
    expect(savedName()).not.toBe('Ab');
    act(() => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(savedName()).toBe('Ab');
    const halfDelay = DRAFT_SAVE_DELAY_MS / 2 + 1;
    for (const value of ['Abc', 'Abcd', 'Abcde']) {
      fireEvent.change(field('Name'), { target: { value } });
      act(() => jest.advanceTimersByTime(halfDelay));
    }
    expect(savedName()).toBe('Abcd');
  } finally {
    jest.useRealTimers();
  }
});

test('a draft kept before the portfolio model opens upgraded, nothing typed lost, its file still shown', async () => {
  localStorage.setItem(
    LEGACY_DESIGN_KEY,
    JSON.stringify({
      version: 1,
      lastEntryKey: '1',
      entries: {
        '1': {
          values: { name: 'Old Draft', about: 'I write <b>plain</b> text\n\nSecond paragraph', project2title: 'Kept' },
          files: {},
          updatedAt: 1,
        },
      },
    }),
  );
  openDesign();
  expect(field('Name').value).toBe('Old Draft');
  expect(field('Project 2 Title').value).toBe('Kept');
  const about = longField('About');
  expect(Array.from(about.querySelectorAll('p')).map((p) => p.textContent)).toEqual(['I write <b>plain</b> text', 'Second paragraph']);
  expect(about.querySelector('b')).toBeNull();
  // The sample picture the old draft did not store (its address changed with each build) is back.
  expect(screen.getByText('Using the sample picture')).toBeInTheDocument();
  expect(localStorage.getItem(LEGACY_DESIGN_KEY)).toBeNull();
  expect(localStorage.getItem(DRAFTS_KEY)).not.toBeNull();
});

test("off screen, the page title's default waits for the visitor: typing the name redraws it only once it is in view again", () => {
  // The observers of the page, told by the test when their elements come into view.
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class FakeIntersectionObserver {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.entry), 1);
    }
  }
  const showing = (element: Element, isIntersecting: boolean) =>
    act(() => {
      for (const observer of observers.filter((candidate) => candidate.elements.includes(element)))
        observer.callback(
          [{ target: element, isIntersecting } as unknown as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
    });
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, value: FakeIntersectionObserver });
  try {
    const { unmount } = openDesign({ id: 1 });
    const title = within(form()).getByLabelText('Page title') as HTMLInputElement;
    const row = title.parentElement!;
    // Opened far down the form: the default is the name the portfolio opened with.
    expect(title).toHaveAttribute('placeholder', 'Aarav Mehta');
    fireEvent.change(field('Name'), { target: { value: 'Zoë 🎨 Åkesson' } });
    expect(title).toHaveAttribute('placeholder', 'Aarav Mehta');
    showing(row, true);
    expect(title).toHaveAttribute('placeholder', 'Zoë 🎨 Åkesson');
    expect(title).toHaveAccessibleDescription('Empty: the page uses your name, “Zoë 🎨 Åkesson”.');
    // In view, it follows every key.
    fireEvent.change(field('Name'), { target: { value: 'Zoë Å' } });
    expect(title).toHaveAttribute('placeholder', 'Zoë Å');
    showing(row, false);
    fireEvent.change(field('Name'), { target: { value: 'Someone else' } });
    expect(title).toHaveAttribute('placeholder', 'Zoë Å');
    // Reached by the keyboard before any frame: what a screen reader reads on focus is current.
    act(() => title.focus());
    expect(title).toHaveAccessibleDescription('Empty: the page uses your name, “Someone else”.');
    unmount();
  } finally {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
});

test('page settings: title and description default to the name and headline, the language to English; each is kept, and a wrong one said beside its field', async () => {
  const { unmount } = openDesign({ id: 1 });
  const settings = within(form()).getByRole('group', { name: 'Page settings' });
  const title = within(settings).getByLabelText('Page title') as HTMLInputElement;
  const description = within(settings).getByLabelText('Page description') as HTMLInputElement;
  const language = within(settings).getByLabelText('Page language') as HTMLSelectElement;
  expect(title).toHaveAttribute('placeholder', 'Aarav Mehta');
  expect(title).toHaveAccessibleDescription('Empty: the page uses your name, “Aarav Mehta”.');
  expect(description.placeholder).toMatch(/^Front-end developer building fast/);
  expect(language.value).toBe('');
  // The default follows the profile as it is typed.
  fireEvent.change(field('Name'), { target: { value: 'Zoë 🎨 Åkesson' } });
  expect(title).toHaveAttribute('placeholder', 'Zoë 🎨 Åkesson');

  fireEvent.change(title, { target: { value: 'Zoë Åkesson — illustrator' } });
  expect(title).toHaveAccessibleDescription('25 of 70 characters.');
  expect(title).toHaveAttribute('maxlength', '70');
  await userEvent.selectOptions(language, 'hi');
  const savedPage = () => Object.values(readDeviceDrafts().drafts)[0]?.portfolio.page;
  await waitFor(() => expect(savedPage()).toEqual({ title: 'Zoë Åkesson — illustrator', language: 'hi' }));
  // Emptied, a setting goes back to its default.
  fireEvent.change(title, { target: { value: '' } });
  await waitFor(() => expect(savedPage()).toEqual({ language: 'hi' }));
  unmount();

  // A draft whose language is not one offered (another version, a hand-edited import) says so beside the field.
  const drafts = readDeviceDrafts();
  for (const draft of Object.values(drafts.drafts)) draft.portfolio.page = { language: 'tlh', description: 'd'.repeat(230) };
  localStorage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  openDesign();
  const reopened = within(form()).getByRole('group', { name: 'Page settings' });
  expect(within(reopened).getByLabelText('Page language')).toHaveAccessibleDescription(
    /^Must be one of the page languages: en, en-GB, .*\. Browsers, translators and screen readers/,
  );
  expect(within(reopened).getByLabelText('Page description')).toHaveAttribute('aria-invalid', 'true');
  expect(
    within(reopened)
      .getAllByRole('alert')
      .map((alert) => alert.textContent),
  ).toEqual(['At most 200 characters (it has 230).', expect.stringMatching(/^Must be one of the page languages/)]);
}, 20_000);

test('with no draft at all: template 1 with its sample and a way to the catalog', () => {
  openDesign();
  expect(screen.getByRole('heading', { name: 'Input Section' })).toBeInTheDocument();
  expect(field('Name')).toHaveAttribute('placeholder', 'Aarav Mehta');
  expect(screen.getByRole('link', { name: 'Browse all templates' })).toHaveAttribute('href', '/templates');
});

test('when commerce is unreachable the Get button says buying is unavailable, editing goes on, and Try again recovers', async () => {
  loadRemoteMock.mockReset().mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
  openDesign({ id: 1 });
  expect(await screen.findByText('Buying is unavailable right now.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get Temp 1' })).toBeDisabled();
  await userEvent.clear(field('Name'));
  await userEvent.type(field('Name'), 'Still Editing');
  expect(within(preview()).getAllByText(/Still Editing/).length).toBeGreaterThan(0);
  loadRemoteMock.mockResolvedValueOnce({ default: FakeCheckoutButton });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Get Temp 1' })).toBeEnabled();
  expect(registerRemotesMock).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
});

test('Reset to sample asks first; Keep my changes keeps them, Yes resets, Undo brings them back', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1, details: { name: 'Grace Hopper' } });
  await user.type(field('Name'), '!');
  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep my changes' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(field('Name').value).toBe('Grace Hopper!');
  await user.click(screen.getByRole('button', { name: 'Reset to sample' }));
  await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
  expect(field('Name').value).toBe('');
  expect(field('Name')).toHaveAttribute('placeholder', 'Aarav Mehta');
  await user.click(screen.getByRole('button', { name: /Undo/ }));
  expect(field('Name').value).toBe('Grace Hopper!');
});

test("the sample's text is a placeholder to replace, said so; what is typed replaces it on the page, and undo brings it back", async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  const name = () => field('Name');
  expect(name().value).toBe('');
  expect(name()).toHaveAttribute('placeholder', 'Aarav Mehta');
  expect(name()).toHaveAccessibleDescription('Sample text, shown on your page until you write your own.');
  expect(within(preview()).getByRole('heading', { level: 1 })).toHaveTextContent('Aarav Mehta');
  expect(longField('About')).toHaveAccessibleDescription(/^Sample text/);
  await user.type(name(), 'Kabir');
  expect(name().value).toBe('Kabir');
  expect(name()).not.toHaveAccessibleDescription(/Sample text/);
  expect(within(preview()).getByRole('heading', { level: 1 })).toHaveTextContent('Kabir');
  for (let n = 0; n < 'Kabir'.length; n += 1) await user.click(screen.getByRole('button', { name: /Undo/ }));
  expect(name().value).toBe('');
  expect(name()).toHaveAttribute('placeholder', 'Aarav Mehta');
  expect(name()).toHaveAccessibleDescription(/Sample text/);
  expect(within(preview()).getByRole('heading', { level: 1 })).toHaveTextContent('Aarav Mehta');
});

test('a typed link that is not http(s), mailto or tel is flagged in the form and never linked', () => {
  openDesign({ id: 1 });
  fireEvent.change(field('GitHub'), { target: { value: 'javascript:alert(1)' } });
  expect(screen.getByText(/Shown as text, not a link/)).toBeInTheDocument();
  expect(preview().querySelector('a[href^="javascript"]')).toBeNull();
});

test('undo and redo cross fields from the keyboard and the buttons', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1, details: { name: 'Grace Hopper', email: 'grace@navy.mil' } });
  const undoButton = () => screen.getByRole('button', { name: /Undo/ });
  expect(undoButton()).toBeDisabled();
  fireEvent.change(field('Name'), { target: { value: 'Grace Hopper Jr' } });
  field('Email').focus();
  fireEvent.change(field('Email'), { target: { value: 'ada@example.com' } });
  await user.keyboard('{Control>}z{/Control}');
  expect(field('Email').value).toBe('grace@navy.mil');
  expect(field('Email')).toHaveFocus();
  await user.keyboard('{Control>}z{/Control}');
  expect(field('Name').value).toBe('Grace Hopper');
  expect(field('Name')).toHaveFocus();
  // The preview follows each step, as it follows typing.
  expect(within(preview()).queryAllByText('Grace Hopper Jr')).toHaveLength(0);
  await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
  expect(field('Name').value).toBe('Grace Hopper Jr');
  expect(within(preview()).getAllByText('Grace Hopper Jr').length).toBeGreaterThan(0);
  await user.keyboard('{Control>}y{/Control}');
  expect(field('Email').value).toBe('ada@example.com');
  await user.click(undoButton());
  expect(field('Email').value).toBe('grace@navy.mil');
  await user.click(screen.getByRole('button', { name: /Redo/ }));
  expect(field('Email').value).toBe('ada@example.com');
});

test('below 900 px, Edit and Preview take turns; back on Edit the caret is in the same field', async () => {
  const user = userEvent.setup();
  openDesign({ id: 1 });
  const tabs = screen.getByRole('tablist', { name: 'Edit or preview' });
  await user.click(field('Address'));
  await user.click(within(tabs).getByRole('tab', { name: 'Preview' }));
  expect(within(tabs).getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await user.click(within(tabs).getByRole('tab', { name: 'Edit' }));
  expect(field('Address')).toHaveFocus();
});

test('what the schema would refuse is said in the editor, and goes once fixed', async () => {
  openDesign({ id: 1 });
  fireEvent.change(field('Email'), { target: { value: 'not an email' } });
  expect(await screen.findByText('Email: enter an email address like name@example.com', undefined, { timeout: 3000 })).toBeInTheDocument();
  fireEvent.change(field('Email'), { target: { value: 'fixed@example.com' } });
  await waitFor(() => expect(screen.queryByText(/Email: enter an email address/)).toBeNull(), { timeout: 3000 });
});
