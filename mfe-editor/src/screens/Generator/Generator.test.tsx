import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import Generator from './Generator';
import { GENERATOR_FIELDS, splitSkills } from '@folioforge/templates';
import { resetDraftFileStoreForTests } from '../../drafts/fileStore';
import { fakePdf, resetFakePdf } from '../../testing/fakePdfjs';
import { fileOf, installObjectUrls, installTestRuntimeConfig, renderAt } from '../../testing/editorTestKit';

jest.mock('pdfjs-dist', () => jest.requireActual('../../testing/fakePdfjs').fakePdfjsModule());
jest.mock('../../resume/pdfWorkerAssetUrl', () => ({ PDF_WORKER_ASSET_URL: 'http://localhost/assets/pdf.worker.min.mjs' }));

let objectUrls: ReturnType<typeof installObjectUrls>;

beforeEach(() => {
  localStorage.clear();
  resetDraftFileStoreForTests();
  resetFakePdf(2);
  installTestRuntimeConfig();
  objectUrls = installObjectUrls();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as unknown as CanvasRenderingContext2D);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const openGenerator = () => renderAt('/portfo', <Generator />);
const preview = () => screen.getByTestId('portfolio-preview');
const control = (key: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${key}"]`)!;
const richControl = (key: string) => document.querySelector<HTMLElement>(`form [data-field="${key}"][contenteditable]`)!;
/** Tiptap keeps its editor on the editable element (for tests like this one). */
const editorOf = (key: string) => (richControl(key) as HTMLElement & { editor: Editor }).editor;

test("the form has the spec's fields in order, the preview its sections", async () => {
  openGenerator();
  const labels = Array.from(screen.getByRole('form').querySelectorAll('label')).map((label) => label.textContent);
  expect(labels).toEqual([
    'Name',
    'Email',
    'Phone',
    'Portfolio Link',
    'Skills',
    'Experience',
    'Education',
    'GitHub Link',
    'LinkedIn Link',
    'Upload Image',
    'Upload Resume',
  ]);
  expect(GENERATOR_FIELDS.map((field) => field.label)).toEqual(labels);
  expect(richControl('experience')).toHaveAttribute('role', 'textbox');
  expect(richControl('experience')).toHaveAttribute('contenteditable', 'true');
  expect(control('image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
  expect(control('resume')).toHaveAttribute('accept', 'application/pdf,.pdf');
  for (const section of ['Personal Information', 'Skills', 'Experience', 'Education', 'Social Links', 'Resume']) {
    expect(within(preview()).getByRole('heading', { name: section })).toBeInTheDocument();
  }
  // Before a resume is chosen, the bundled sample is shown with pdf.js.
  expect(await within(preview()).findByText('Page 1 of 2')).toBeInTheDocument();
  expect(fakePdf.loadedUrls).toEqual(['test-file-stub']);
});

test('the preview updates live as the fields change; only safe links become links', async () => {
  openGenerator();
  await screen.findByText('Page 1 of 2');
  fireEvent.change(control('name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(control('email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(control('skills'), { target: { value: 'Analysis, Poetry ,  Engines' } });
  act(() => {
    editorOf('experience').commands.setContent('<p>Wrote the <strong>first</strong> program.</p><p>Translated Menabrea.</p>', {
      emitUpdate: true,
    });
  });
  fireEvent.change(control('githubLink'), { target: { value: 'https://github.com/ada' } });
  fireEvent.change(control('linkedinLink'), { target: { value: 'javascript:alert(1)' } });
  const view = within(preview());
  expect(view.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(view.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
  expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining(['Analysis', 'Poetry', 'Engines']));
  // The formatting shows in the preview: bold stays bold, paragraphs stay paragraphs.
  expect(view.getByText('first', { selector: 'strong' }).closest('p')).toHaveTextContent('Wrote the first program.');
  expect(view.getByText('Translated Menabrea.', { selector: 'p' })).toBeInTheDocument();
  expect(view.getByRole('link', { name: 'https://github.com/ada' })).toHaveAttribute('href', 'https://github.com/ada');
  expect(view.getByText('javascript:alert(1)').closest('a')).toBeNull();
  // Typing does not reload the resume.
  expect(fakePdf.loadedUrls).toHaveLength(1);
});

test('pickers refuse wrong types; a chosen resume replaces the sample in the viewer', async () => {
  openGenerator();
  await screen.findByText('Page 1 of 2');
  fireEvent.change(control('resume'), {
    target: { files: [fileOf('cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')] },
  });
  expect(screen.getByRole('alert')).toHaveTextContent('"cv.docx" is not a PDF');
  fireEvent.change(control('image'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('"cv.pdf" is not a PNG, JPEG, GIF or WebP picture');

  resetFakePdf(4);
  fireEvent.change(control('resume'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  expect(await within(preview()).findByText('Page 1 of 4')).toBeInTheDocument();
  expect(fakePdf.loadedUrls).toEqual([objectUrls.created[0]]);
  expect(within(preview()).getByText('Showing cv.pdf.')).toBeInTheDocument();

  fireEvent.change(control('image'), { target: { files: [fileOf('me.jpg', 'image/jpeg')] } });
  expect(within(preview()).getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', objectUrls.created[1]);
});

test('the generator keeps its own draft across a reload', async () => {
  const first = openGenerator();
  fireEvent.change(control('name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(control('resume'), { target: { files: [fileOf('cv.pdf', 'application/pdf')] } });
  await act(async () => undefined);
  first.unmount();
  openGenerator();
  expect(control('name').value).toBe('Ada Lovelace');
  expect(await screen.findByText('Chosen: cv.pdf')).toBeInTheDocument();
  expect(localStorage.getItem('folioforge.editor.design.v1')).toBeNull();
});

test('skills split on commas and new lines', () => {
  expect(splitSkills(' React,TypeScript\n\nSCSS , ')).toEqual(['React', 'TypeScript', 'SCSS']);
});
